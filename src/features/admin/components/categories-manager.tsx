import { Badge, Box, Button, Flex, HStack, IconButton, Image, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { LayoutGrid, Pencil, Plus, Search, Tag, Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Category } from '../../../shared/schemas/entity-schemas.ts';
import { useAdminCategoriesQuery, useDeleteCategory } from '../api/admin-categories-api.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { CategoryFormDialog } from './category-form-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** Case- and accent-insensitive text for matching names (Latin and Arabic). */
const fold = (s: string | null | undefined) => (s ?? '').normalize('NFKD').replace(/[\u0300-\u036f\u064b-\u0652]/g, '').toLowerCase();

function CategoryIcon({ category }: { category: Category }) {
  return category.iconUrl ? (
    <Image src={category.iconUrl} alt="" boxSize="8" objectFit="contain" borderRadius="md" bg="bg.muted" flexShrink={0} />
  ) : (
    <Box boxSize="8" borderRadius="md" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" color="fg.muted" flexShrink={0}>
      <Tag size={16} aria-hidden />
    </Box>
  );
}

/**
 * Categories: searchable list (name, Arabic name, slug) with icon and place count; create,
 * edit (icon upload or link) and delete with a confirmation that says how many places use it (the
 * server refuses with 409 while any do). Loading, empty and error-with-retry states.
 */
export function CategoriesManager() {
  const { t } = useTranslation('admin');
  const { pick, localize } = usePreferences();
  const categories = useAdminCategoriesQuery();
  const remove = useDeleteCategory();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [editing, setEditing] = useState<Category | null | 'new'>(null);
  // a category without an Arabic name shows its English one on Arabic pages: flagged, as zones and buildings are (decision 044)
  const noArabicName = <Badge alignSelf="start" variant="subtle" colorPalette="orange" data-testid="no-arabic-name">{t('common.noArabicName')}</Badge>;
  const [deleting, setDeleting] = useState<Category | null>(null);

  const shown = useMemo(() => {
    const q = fold(query.trim());
    const all = categories.data ?? [];
    return q ? all.filter((c) => [c.name, c.nameAr, c.slug].some((s) => fold(s).includes(q))) : all;
  }, [categories.data, query]);

  const addButton = (
    <Button colorPalette="brand" onClick={() => setEditing('new')}>
      <Plus aria-hidden /> {t('categories.add')}
    </Button>
  );
  const actions = (c: Category) => (
    <HStack gap="1" justify="flex-end">
      <IconButton size="sm" variant="ghost" aria-label={t('categories.editNamed', { name: pick(c.name, c.nameAr) })} onClick={() => setEditing(c)}>
        <Pencil />
      </IconButton>
      <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('categories.deleteNamed', { name: pick(c.name, c.nameAr) })} onClick={() => setDeleting(c)}>
        <Trash2 />
      </IconButton>
    </HStack>
  );

  return (
    <>
      <AdminPageHeader title={t('categories.title')} description={t('categories.description')} actions={addButton} />
      <Box mb="4" maxW={{ md: 'sm' }}>
        <InputGroup startElement={<Search size={16} aria-hidden />}>
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('categories.searchPlaceholder')} aria-label={t('categories.searchLabel')} />
        </InputGroup>
      </Box>
      <DataTable
        rows={shown}
        rowKey={(c) => c.id}
        loading={categories.isPending}
        error={categories.isError && <ErrorState message={t('categories.loadError')} onRetry={() => void categories.refetch()} />}
        empty={(categories.data ?? []).length === 0
          ? <EmptyBlock icon={<LayoutGrid />} title={t('categories.empty')} description={t('categories.emptyHint')} action={addButton} />
          : <EmptyBlock icon={<Search />} title={t('categories.noMatches', { query: query.trim() })} />}
        interactive
        summary={<Text role="status" fontSize="sm" color="fg.muted" mb="2">{t('categories.shownCount', { count: shown.length, total: categories.data?.length ?? 0 })}</Text>}
        columns={[
          { header: t('categories.columns.name'), cell: (c) => <HStack gap="3"><CategoryIcon category={c} /><Text fontWeight="medium">{c.name}</Text></HStack> },
          {
            header: t('categories.columns.nameAr'),
            cell: (c) => (c.nameAr?.trim() ? c.nameAr : noArabicName),
            cellProps: (c) => (c.nameAr?.trim() ? { dir: 'rtl', lang: 'ar', textAlign: 'start' } : { textAlign: 'start' }),
          },
          { header: t('categories.columns.slug'), cell: (c) => c.slug, cellProps: () => ({ dir: 'ltr', color: 'fg.muted' }) },
          { header: t('categories.columns.places'), cell: (c) => c.placesCount, align: 'end' },
          { header: t('common.actions'), cell: actions, align: 'end' },
        ]}
        cardsLabel={t('categories.title')}
        card={(c) => (
          <Flex as="li" borderWidth="1px" borderRadius="lg" p="3" gap="3" align="center">
            <CategoryIcon category={c} />
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="medium" truncate dir="auto" textAlign="match-parent">{pick(c.name, c.nameAr)}</Text>
              {!c.nameAr?.trim() && noArabicName}
              <Text fontSize="sm" color="fg.muted" truncate><span dir="ltr">{c.slug}</span> · {t('categories.placesCount', { count: c.placesCount })}</Text>
            </Stack>
            {actions(c)}
          </Flex>
        )}
      />

      <CategoryFormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} category={editing === 'new' ? null : editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('categories.deleteTitle', { name: deleting ? pick(deleting.name, deleting.nameAr) : '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        // The server refuses (409 category_in_use) while places use it: say so up front and offer the
        // way it allows — move those places to another category first.
        blocked={deleting && deleting.placesCount > 0 ? (
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to={localize(`/admin/places?categoryId=${deleting.id}`)}>{t('categories.showPlaces', { count: deleting.placesCount })}</RouterLink>
          </Button>
        ) : undefined}
      >
        {deleting && deleting.placesCount > 0 ? (
          <Text>{t('categories.inUseWarning', { count: deleting.placesCount })}</Text>
        ) : (
          <Text>{t('categories.deleteBody')}</Text>
        )}
      </ConfirmDialog>
    </>
  );
}
