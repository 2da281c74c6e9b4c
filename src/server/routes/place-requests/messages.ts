import { addMessages } from '../../http/messages.ts';

/** Error codes of contributions and moderation, in both languages. */
addMessages({
  place_request_not_found: { en: 'Place request not found.', ar: 'طلب المكان غير موجود.' },
  request_already_reviewed: { en: 'This request has already been reviewed.', ar: 'تمت مراجعة هذا الطلب بالفعل.' },
  request_not_applicable: { en: 'This request cannot be applied: {{reason}}', ar: 'لا يمكن تطبيق هذا الطلب: {{reason}}' },
  // reasons of request_not_applicable (reasonCode → text; see queries/place-requests.ts notApplicableReason)
  not_applicable_category_missing: { en: 'its category (#{{id}}) no longer exists', ar: 'الفئة المختارة (رقم {{id}}) لم تعد موجودة' },
  not_applicable_zone_missing: { en: 'its district (#{{id}}) no longer exists', ar: 'الحي المختار (رقم {{id}}) لم يعد موجودًا' },
  not_applicable_building_missing: { en: 'its building (#{{id}}) no longer exists', ar: 'المبنى المختار (رقم {{id}}) لم يعد موجودًا' },
  not_applicable_place_missing: { en: 'the place no longer exists', ar: 'المكان لم يعد موجودًا' },
  not_applicable_name_required: { en: 'the place has no name', ar: 'المكان بلا اسم' },
  not_applicable_category_required: { en: 'the place has no category', ar: 'المكان بلا فئة' },
  not_applicable_details_invalid: { en: 'its details are not in the expected form', ar: 'التفاصيل ليست بالشكل المتوقع' },
  not_applicable_value_refused: { en: 'one of its values is not accepted ({{field}})', ar: 'إحدى القيم المدخلة غير مقبولة ({{field}})' },
  no_changes: { en: 'There are no changes to submit.', ar: 'لا توجد تغييرات لإرسالها.' },
  not_place_owner: { en: 'You can only request edits to places you own.', ar: 'يمكنك طلب تعديل الأماكن التي تملكها فقط.' },
});
