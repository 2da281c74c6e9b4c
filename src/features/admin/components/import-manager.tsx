import { Alert, Badge, Box, Button, Field, Heading, Input, List, Progress, Stack, Table, Text } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client-error.ts';
import { CSV_HELP_COLUMNS } from '../../../shared/csv-import.ts';
import { TEXT_LIMITS } from '../../../shared/schemas/common-schemas.ts';
import type { ImportReportData, ImportRequest } from '../../../shared/schemas/admin-import-schemas.ts';
import { useApplyImport, usePreviewImport } from '../api/admin-import-api.ts';
import { AdminPageHeader } from './admin-page-header.tsx';


const LISTS = ['categories', 'zones', 'buildings', 'places'] as const;
/** Changes listed under the counts; the rest are counted. */
const SHOWN_CHANGES = 50;

/** Reads a file as text, reporting progress 0–100 (large files take a moment). */
function readFileText(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** The report of a preview or an import: counts per list, every slug collision, the first changes. */
function ImportReportView({ report }: { report: ImportReportData }) {
  const { t } = useTranslation('admin');
  const changes = report.changes.filter((c) => c.action !== 'reuse');
  return (
    <Stack gap="4" aria-live="polite">
      <Heading as="h2" size="lg">{t(report.dryRun ? 'import.previewTitle' : 'import.appliedTitle')}</Heading>
      <Table.ScrollArea borderWidth="1px" borderRadius="lg">
        <Table.Root size="sm">
          <Table.Caption srOnly>{t(report.dryRun ? 'import.previewTitle' : 'import.appliedTitle')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('import.columns.list')}</Table.ColumnHeader>
              {(['inFile', 'inserted', 'updated', 'unchanged'] as const).map((k) => (
                <Table.ColumnHeader key={k} textAlign="end">{t(`import.columns.${k}`)}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {LISTS.map((list) => (
              <Table.Row key={list}>
                <Table.Cell>{t(`import.lists.${list}`)}</Table.Cell>
                {(['inFile', 'inserted', 'updated', 'unchanged'] as const).map((k) => (
                  <Table.Cell key={k} textAlign="end">{report.lists[list][k]}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack gap="2">
        <Heading as="h3" size="md">{t('import.collisionsTitle', { count: report.collisions.length })}</Heading>
        {report.collisions.length === 0 ? <Text color="fg.muted">{t('import.noCollisions')}</Text> : (
          <List.Root ps="5">
            {report.collisions.map((c) => (
              <List.Item key={`${c.list}-${c.index}`}>
                {t('import.collision', { list: t(`import.lists.${c.list}`), wanted: c.wantedSlug, existing: c.existing.name, slug: c.slug })}
                {' '}<bdi>{c.name}</bdi>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
      {changes.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="md">{t('import.changesTitle')}</Heading>
          <List.Root ps="5">
            {changes.slice(0, SHOWN_CHANGES).map((c) => (
              <List.Item key={`${c.list}-${c.index}`}>
                <Badge me="2">{t(`import.actions.${c.action}`)}</Badge>
                <bdi>{c.name}</bdi> → <Text as="span" fontFamily="mono" dir="ltr">{c.slug}</Text>
                {c.fields?.length ? <Text as="span" color="fg.muted"> ({c.fields.join(', ')})</Text> : null}
              </List.Item>
            ))}
          </List.Root>
          {changes.length > SHOWN_CHANGES && <Text color="fg.muted">{t('import.moreChanges', { count: changes.length - SHOWN_CHANGES })}</Text>}
        </Stack>
      )}
    </Stack>
  );
}

/** Malformed records named by the server (`error.fields`: "places[3]" → reasons) under its message. */
function ImportErrorView({ error }: { error: Error }) {
  const { t } = useTranslation('admin');
  const fields = error instanceof ApiError ? error.fields : undefined;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('import.previewError')}</Alert.Title>
        <Alert.Description>
          {error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t('import.applyError')}
          {fields && (
            <List.Root ps="5" mt="2">
              {Object.entries(fields).map(([where, reasons]) => (
                <List.Item key={where}><Text as="span" fontFamily="mono" dir="ltr">{where}</Text>: <bdi>{reasons.join('; ')}</bdi></List.Item>
              ))}
            </List.Root>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Admin import (issue #16): choose a directory JSON or a CSV of places, see the dry-run report
 * (what would be inserted, updated, left alone, every slug collision), then apply it. Reading a
 * large file shows its progress; the server's work shows an indeterminate bar.
 */
export function ImportManager() {
  const { t } = useTranslation('admin');
  const fileId = useId();
  const [request, setRequest] = useState<ImportRequest | null>(null);
  const [readPercent, setReadPercent] = useState<number | null>(null);
  const [readError, setReadError] = useState(false);
  const [source, setSource] = useState('');
  const preview = usePreviewImport();
  const apply = useApplyImport();

  const choose = async (file: File | undefined) => {
    apply.reset();
    preview.reset();
    setRequest(null);
    setReadError(false);
    if (!file) return;
    setReadPercent(0);
    try {
      const content = await readFileText(file, setReadPercent);
      const format = /\.csv$/i.test(file.name) || file.type === 'text/csv' ? 'csv' : 'json';
      const body: ImportRequest = { format, content, ...(source.trim() ? { source: source.trim() } : {}) };
      setRequest(body);
      preview.mutate(body);
    } catch {
      setReadError(true);
    } finally {
      setReadPercent(null);
    }
  };
  const busyLabel = readPercent !== null ? t('import.reading') : preview.isPending ? t('import.checking') : apply.isPending ? t('import.applying') : null;
  const report = apply.data ?? preview.data;

  return (
    <>
      <AdminPageHeader title={t('import.title')} description={t('import.description')} />
      <Stack gap="5" maxW="4xl">
        <Field.Root>
          <Field.Label>{t('import.sourceLabel')}</Field.Label>
          <Input value={source} onChange={(e) => setSource(e.target.value)} maxLength={TEXT_LIMITS.sourceLabel} dir="auto" disabled={!!busyLabel} />
          <Field.HelperText>{t('import.sourceHelp')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor={fileId}>{t('import.fileLabel')}</Field.Label>
          <Input
            id={fileId} type="file" accept=".json,.csv,application/json,text/csv" p="1.5" disabled={!!busyLabel}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Field.HelperText>{t('import.fileHelp', { columns: CSV_HELP_COLUMNS.join(', ') })}</Field.HelperText>
        </Field.Root>
        {busyLabel && (
          <Progress.Root value={readPercent} maxW="md">
            <Progress.Label mb="1">{busyLabel}</Progress.Label>
            <Progress.Track><Progress.Range /></Progress.Track>
            {readPercent !== null && <Progress.ValueText>{readPercent}%</Progress.ValueText>}
          </Progress.Root>
        )}
        {readError && <ImportErrorView error={new Error('read')} />}
        {preview.error && <ImportErrorView error={preview.error} />}
        {apply.error && <ImportErrorView error={apply.error} />}
        {report && <ImportReportView report={report} />}
        {preview.data && !apply.data && (
          <Box>
            <Button colorPalette="brand" loading={apply.isPending} disabled={!request || !!busyLabel} onClick={() => request && apply.mutate(request)}>
              <Upload aria-hidden /> {t('import.apply')}
            </Button>
          </Box>
        )}
      </Stack>
    </>
  );
}
