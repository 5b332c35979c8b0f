/**
 * Words for an input the schema refused, by the kind of the refusal (rpc/describe-issues.ts),
 * so that a Hebrew screen never shows the validator's own English. `{field}` is the field's
 * name for people (`field_*` below) or, for fields without one, its name in the API.
 */
export const validationMessages = {
  fieldRequired: { he: 'יש למלא את {field}.', en: '{field} is required.' },
  fieldTooLong: {
    he: 'האורך של {field} חורג מהמותר: עד {max} תווים (כאן {n}).',
    en: '{field} is too long: at most {max} characters (this has {n}).',
  },
  fieldTooShort: {
    he: 'האורך של {field} קטן מהנדרש: לפחות {min} תווים.',
    en: '{field} is too short: at least {min} characters.',
  },
  fieldTooBig: {
    he: 'הערך של {field} גדול מהמותר: לכל היותר {max}.',
    en: '{field} is too big: at most {max}.',
  },
  fieldTooSmall: {
    he: 'הערך של {field} קטן מהמותר: לפחות {min}.',
    en: '{field} is too small: at least {min}.',
  },
  fieldTooMany: {
    he: 'ב-{field} יותר מדי פריטים: עד {max}.',
    en: '{field} has too many items: at most {max}.',
  },
  fieldWrongType: {
    he: 'הערך של {field} אינו מהסוג הנכון.',
    en: '{field} has a value of the wrong kind.',
  },
  fieldBadEmail: {
    he: '{field}: זו אינה כתובת דוא"ל תקינה.',
    en: '{field} is not a valid e-mail address.',
  },
  fieldBadUrl: {
    he: '{field}: זו אינה כתובת אינטרנט תקינה.',
    en: '{field} is not a valid web address.',
  },
  fieldBadChoice: {
    he: 'הערך של {field} אינו אחת האפשרויות: {choices}.',
    en: '{field} must be one of: {choices}.',
  },
  fieldNamed: { he: 'השדה {name}', en: 'The field {name}' },
  fieldUnknown: { he: 'שדה לא מוכר בבקשה: {field}.', en: 'Unknown field in the request: {field}.' },
  fieldInvalid: { he: 'הערך של {field} אינו תקין.', en: '{field} is not valid.' },
  rule_lettersDigits: {
    he: '{field} יכול להכיל רק אותיות באנגלית וספרות.',
    en: '{field} may hold only English letters and digits.',
  },
  rule_token: {
    he: '{field} צריך להיות בן 8 עד 64 תווים: אותיות באנגלית, ספרות, מקף או קו תחתון.',
    en: '{field} must be 8 to 64 English letters, digits, - or _.',
  },
  rule_imageDataUrl: {
    he: '{field} צריך להיות תמונה מסוג JPEG,‏ PNG או WebP.',
    en: '{field} must be a JPEG, PNG or WebP image.',
  },
  field_friendid: { he: 'מזהה הדמות', en: "The character's id" },
  field_image: { he: 'התמונה', en: 'The image' },
  field_message: { he: 'ההודעה', en: 'The message' },
  field_fullname: { he: 'השם המלא', en: 'The full name' },
  field_email: { he: 'כתובת הדוא"ל', en: 'The e-mail address' },
  field_password: { he: 'הסיסמה', en: 'The password' },
  field_friendname: { he: 'שם הדמות', en: "The character's name" },
  field_subject: { he: 'הנושא', en: 'The subject' },
  field_question: { he: 'השאלה', en: 'The question' },
  field_title: { he: 'הכותרת', en: 'The title' },
  field_description: { he: 'התיאור', en: 'The description' },
  field_note: { he: 'ההערה לדמות', en: "The character's note" },
  field_note_depth: { he: 'העומק של ההערה לדמות', en: "The character's note depth" },
  field_note_role: { he: 'התפקיד של ההערה לדמות', en: "The character's note role" },
  field_lorebook: { he: 'ספר הידע (לורבוק)', en: 'The lorebook' },
  field_tags: { he: 'התגיות', en: 'The tags' },
  field_card_creator: { he: 'יוצר הכרטיס', en: "The card's creator" },
  field_card_version: { he: 'גרסת הכרטיס', en: "The card's version" },
  field_search: { he: 'החיפוש', en: 'The search' },
} as const;
