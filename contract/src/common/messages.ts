/**
 * Validation messages: schemas carry the key, the server answers the English text and the console
 * translates the key (namespace `validation`). English wording follows the spec.
 */
export const VALIDATION_MESSAGES = {
  requiredField: 'This field is required.',
  invalidValue: 'Enter a valid value.',
  requiredUsernameField: 'Username is required',
  requiredUsernameFieldMatcher:
    'Username must start with a lowercase letter followed by lowercase letters, digits, _, @ or .',
  usernameMaxLength: 'Username may have at most 150 characters',
  requiredPasswordField: 'Password is required',
  requiredOldPasswordField: 'Old password is required',
  requiredPasswordFieldNew: 'New password is required',
  passwordMinLength: 'Password must have at least 10 characters',
  requiredPasswordFieldUserCondition:
    'Password must have at least 10 characters, with a lowercase letter, an uppercase letter, a digit and a special character',
  passwordConfirmationMismatch: 'The passwords do not match',
  passwordSameAsOld: 'The new password must differ from the old one',
  oldPasswordIncorrect: 'The old password is not correct',
  commentMaxLength: 'The comment may have at most 150 characters',
  nameMaxLength: 'This field may have at most 150 characters',
  invalidEmailAddress: 'Enter a valid e-mail address',
  phoneNumberMatcher: 'Enter the phone number in international format: a plus sign followed by digits',
  invalidLanguage: 'Choose one of the offered languages',
  invalidToken: 'Token is invalid or expired',
  usernameTaken: 'User with this username already exists.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/** English text of a message key; any other text is returned as it is. */
export function validationMessage(keyOrText: string): string {
  return isValidationMessageKey(keyOrText) ? VALIDATION_MESSAGES[keyOrText] : keyOrText;
}
