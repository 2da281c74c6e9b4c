import { addMessages } from '../../http/messages.ts';

/** Error codes of the admin API, in both languages (`{{count}}` from the error's params). */
addMessages({
  category_in_use: {
    en: 'This category is used by {{count}} place(s). Move or delete them first.',
    ar: 'هذه الفئة مستخدمة في أماكن عددها {{count}}. انقلها أو احذفها أولًا.',
  },
  slug_taken: { en: 'This slug is already in use.', ar: 'هذا الرابط المختصر (slug) مستخدم بالفعل.' },
  building_not_found: { en: 'Building not found.', ar: 'المبنى غير موجود.' },
  invalid_order: {
    en: 'The new order is not valid. Please reload and try again.',
    ar: 'الترتيب الجديد غير صالح. يرجى إعادة التحميل والمحاولة مرة أخرى.',
  },
  website_settings_not_found: { en: 'Website settings not found.', ar: 'إعدادات الموقع غير موجودة.' },
});
