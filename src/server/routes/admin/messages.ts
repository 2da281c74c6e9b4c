import { addMessages } from '../../http/messages.ts';

/** Error codes of the admin API, in both languages (`{{count}}` from the error's params). */
addMessages({
  category_in_use: {
    en: 'This category is used by {{count}} place(s). Move or delete them first.',
    ar: 'هذه الفئة مستخدمة في أماكن عددها {{count}}. انقلها أو احذفها أولًا.',
  },
  slug_taken: { en: 'This slug is already in use.', ar: 'هذا المعرّف في الرابط مستخدم بالفعل.' },
  building_not_found: { en: 'Building not found.', ar: 'المبنى غير موجود.' },
  invalid_order: {
    en: 'The new order is not valid. Please reload and try again.',
    ar: 'الترتيب الجديد غير صالح. يرجى إعادة التحميل والمحاولة مرة أخرى.',
  },
  import_rejected: {
    en: 'The file was not imported: {{count}} record(s) are malformed (see the list). Nothing was written.',
    ar: 'لم يُستورد الملف: {{count}} من السجلات غير صالحة (انظر القائمة). لم يُكتب شيء.',
  },
  website_settings_not_found: { en: 'Website settings not found.', ar: 'إعدادات الدليل غير موجودة.' },
  // history (routes/admin/history.ts)
  history_entry_not_found: { en: 'This history entry does not exist.', ar: 'هذا السجل غير موجود في السجل التاريخي.' },
  history_nothing_to_restore: {
    en: 'There is no earlier version of this place to restore.',
    ar: 'لا توجد نسخة سابقة من هذا المكان لاستعادتها.',
  },
  history_restore_expired: {
    en: 'This place was deleted more than {{days}} days ago and can no longer be restored.',
    ar: 'حُذف هذا المكان منذ أكثر من {{days}} يومًا ولم يعد من الممكن استعادته.',
  },
});
