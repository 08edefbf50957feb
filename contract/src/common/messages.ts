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
  requiredLocationField: 'Location name is required',
  MaxRequiredError: 'The name may have at most 150 characters',
  metadataMustBeObject: 'Metadata must be a valid JSON object, e.g. {"key": "value"}',
  locationParentItself: 'Choose different parent location, location may not be made a child of itself!',
  invalidLocation: 'Choose an existing location',
  specialLocationLocked: 'The Removed and Unassigned locations cannot be edited, moved or deleted.',
  rootCannotBeDeleted: 'A root location cannot be deleted.',
  locationHasChildren: 'A location with children cannot be deleted.',
  locationHasItems: 'A location that holds items cannot be deleted.',
  toggleOnlyLeaves: 'Only a location without children can be activated or deactivated.',
  leafLimitReached: 'No more leaf locations can be added: the subscription limit is reached.',
  requiredImageName: 'Name is required',
  requiredFile: 'A file is required',
  imageTooLarge: 'Failed to upload. The image size should be max 3 MB.',
  imageTypeNotAllowed: 'Only png, jpeg, jpg and svg images can be uploaded.',
  shapeLocationNotChild: 'A shape must be bound to a child location of this location.',
  floorPlanImageRequired: 'Upload a floor plan image first.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/** English text of a message key; any other text is returned as it is. */
export function validationMessage(keyOrText: string): string {
  return isValidationMessageKey(keyOrText) ? VALIDATION_MESSAGES[keyOrText] : keyOrText;
}
