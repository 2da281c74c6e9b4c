import { addMessages } from '../../http/messages.ts';

/** Error codes of contributions and moderation, in both languages. */
addMessages({
  place_request_not_found: { en: 'Place request not found.', ar: 'طلب المكان غير موجود.' },
  request_already_reviewed: { en: 'This request has already been reviewed.', ar: 'تمت مراجعة هذا الطلب بالفعل.' },
  request_not_applicable: { en: 'This request cannot be applied: {{reason}}', ar: 'لا يمكن تطبيق هذا الطلب: {{reason}}' },
  no_changes: { en: 'There are no changes to submit.', ar: 'لا توجد تغييرات لإرسالها.' },
  not_place_owner: { en: 'You can only request edits to places you own.', ar: 'يمكنك طلب تعديل الأماكن التي تملكها فقط.' },
});
