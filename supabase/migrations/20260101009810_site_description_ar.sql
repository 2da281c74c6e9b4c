-- The Arabic site description a new database starts with (the footer, the home page's and every page's
-- meta description) read «الأعمال» where the glossary's term for what the directory lists is «المحلات
-- والخدمات» (docs/glossary.md; issue 30). Replaces it on databases where an administrator has not changed
-- it; an edited description is left as it is.
--
-- Updates public.website_settings.site_description_ar (the one row) only when it still holds the old default,
-- with its history trigger off (like the row's first insert: a default is no one's edit).

alter table public.website_settings disable trigger record_change;
update public.website_settings
set site_description_ar = 'تصفّح المحلات والخدمات في المدينة حسب الفئة والحي والمبنى.'
where id and site_description_ar = 'اعثر على الأعمال والخدمات في المدينة حسب الفئة والحي والمبنى.';
alter table public.website_settings enable trigger record_change;
