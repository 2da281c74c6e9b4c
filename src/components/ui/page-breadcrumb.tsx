import { Breadcrumb } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A page's breadcrumb: `trail` links ({ to: an in-app path already localized, label }), then `current` (this page,
 * not a link). Labelled in the page's language (`app.breadcrumb`); names of unknown direction come wrapped in `<bdi>`
 * by the caller (decision 044).
 */
export function PageBreadcrumb({ trail, current }: { trail: { to: string; label: ReactNode }[]; current: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Breadcrumb.Root size="sm" aria-label={t('app.breadcrumb')}>
      <Breadcrumb.List>
        {trail.map(({ to, label }) => (
          <Fragment key={to}>
            <Breadcrumb.Item><Breadcrumb.Link asChild><RouterLink to={to}>{label}</RouterLink></Breadcrumb.Link></Breadcrumb.Item>
            <Breadcrumb.Separator />
          </Fragment>
        ))}
        <Breadcrumb.Item><Breadcrumb.CurrentLink>{current}</Breadcrumb.CurrentLink></Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
