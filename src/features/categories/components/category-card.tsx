import { Box, Card, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Category } from '../../../shared/schemas/entity-schemas.ts';
import { CategoryGlyph } from './category-glyph.tsx';

function CategoryIcon({ iconUrl, slug, size }: { iconUrl: string | null; slug: string; size: 'sm' | 'md' }) {
  const box = size === 'sm' ? '9' : '11';
  return (
    <Box flexShrink={0} boxSize={box} borderRadius="lg" bg="brand.subtle" color="brand.fg" display="grid" placeItems="center" overflow="hidden" aria-hidden>
      {iconUrl ? <Image src={iconUrl} alt="" boxSize={box} objectFit="contain" p="1.5" loading="lazy" /> : <CategoryGlyph slug={slug} size={size === 'sm' ? 18 : 22} />}
    </Box>
  );
}

/**
 * A category linking to /categories/{slug}: icon (or a grid glyph), name in the current language and
 * its place count. `layout="list"` is a full-width row, `"grid"` a card (icon above the name on phones, where
 * grids have two columns).
 */
export function CategoryCard({ category, layout = 'grid', headingLevel = 'h3' }: { category: Category; layout?: 'grid' | 'list'; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const { pick, localize } = usePreferences();
  const name = pick(category.name, category.nameAr);
  const count = t('home.placesCount', { count: category.placesCount });
  if (layout === 'list') {
    return (
      <Card.Root asChild variant="outline" borderRadius="lg" _hover={{ borderColor: 'brand.solid' }}>
        <RouterLink to={localize(`/categories/${category.slug}`)}>
          <HStack px="4" py="3" gap="3">
            <CategoryIcon iconUrl={category.iconUrl} slug={category.slug} size="sm" />
            <Text as={headingLevel} fontWeight="semibold" flex="1" minW="0" truncate><bdi>{name}</bdi></Text>
            <Text fontSize="sm" color="fg.muted" flexShrink={0}>{count}</Text>
            <Box color="fg.muted" aria-hidden><ChevronRight size={18} className="flip-rtl" /></Box>
          </HStack>
        </RouterLink>
      </Card.Root>
    );
  }
  return (
    <Card.Root asChild variant="outline" borderRadius="xl" _hover={{ borderColor: 'brand.solid', shadow: 'sm' }} transition="all 0.15s" height="full">
      <RouterLink to={localize(`/categories/${category.slug}`)}>
        <Card.Body p="4" gap="3" flexDirection={{ base: 'column', sm: 'row' }} alignItems={{ base: 'start', sm: 'center' }}>
          <CategoryIcon iconUrl={category.iconUrl} slug={category.slug} size="md" />
          <Stack gap="0.5" minW="0">
            <Text as={headingLevel} fontWeight="semibold" lineClamp={2} lineHeight="short"><bdi>{name}</bdi></Text>
            <Text fontSize="sm" color="fg.muted">{count}</Text>
          </Stack>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
