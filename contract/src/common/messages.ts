/**
 * Validation messages: schemas carry the key, the server answers the English text and the console
 * translates the key (namespace `validation`). English wording follows the spec.
 */
export const VALIDATION_MESSAGES = {
  requiredField: 'This field is required.',
  lostAfterMinutesRange: 'Enter whole minutes from 0 to 525600.',
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
  fieldMustBeUnique: 'This field must be unique.',
  requiredRole: 'Role is required.',
  requiredEmailField: 'Email is required',
  requiredUsernameOrEmailField: 'Enter your username or e-mail address',
  passwordResetLinkInvalid: 'This password reset link is invalid or has expired.',
  userHasNoEmail: 'This user has no e-mail address to send the link to.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastAdministrator: 'The last administrator of a customer cannot be deleted or demoted.',
  groupNameError: 'Group name is required',
  requiredReaderType: 'Reader type is required',
  requiredName: 'Name is required',
  requiredApplication: 'Application is required',
  skuRequired: 'SKU is required',
  requiredAntenna: 'At least one antenna must be selected',
  locationRequired: 'Location is required',
  rssiFilterInvalid:
    'Value must between 0 to 100 or in the format 30:80 which represents low and high limits. When no value is provided, default will be used.',
  emptyNumberField: 'This field can not be empty, if you are not sure put the default value.',
  tagTimeoutRange: 'Enter 0 to 3600 seconds, with at most one decimal',
  sendIntervalRange: 'Enter 1 to 3600 seconds, with at most one decimal',
  tagTimeoutWarning: 'Warning! A value greater than 0 and lower than 30 seconds might not provide the expected results',
  sendIntervalWarning:
    'Warning! A value lower than 5 seconds might not provide the expected results depending on the number of tags and enabled antennas',
  serailNumberRequired: 'Serial number is required',
  serailNumberNoSpace: 'The serial number must not contain spaces',
  passwordRequiredOnPrem: 'The reader password is required',
  ipAddressRequiredOnPrem: 'Ipv4 address',
  configurationRequired: 'Configuraton is required.',
  rowLocationRequired: 'Location is required.',
  duplicateConfigurationLocation: 'Duplicated configuration with same location is not allowed.',
  deviceSerialExists: 'The device with the same serial number already exists.',
  readerTypeLocked: 'The reader type cannot be changed while configurations are assigned.',
  handheldTypeFixed: 'The type of a handheld reader is always Handheld.',
  setupModeUnavailable: 'Setup mode is only available for fixed readers with assigned configurations.',
  setupModeOnPremise: 'Setup mode is not available on-premise.',
  setupModeNotActive: 'The reader is not in setup mode.',
  configurationNotFound: 'The configuration does not exist.',
  configurationIsTemplate: 'A template cannot be assigned directly: assign it with a location.',
  configurationNotTemplate: 'The configuration is not a template.',
  configurationReaderTypeMismatch: 'The configuration is made for another reader type.',
  sensorConfigurationAlone: 'A configuration with a sensor type must be the only configuration of the reader.',
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
  requiredCategoryName: 'Category name is required',
  requiredAttributeName: 'Attribute name is required',
  requiredFixedValue: 'Fixed value is required',
  requiredProductName: 'Product name is required',
  requiredSku: 'Sku is required',
  requiredProductSku: 'Product SKU is required',
  requiredProductField: 'Product field name is required',
  requiredCategory: 'Category is required',
  requiredEpc: 'EPC is required',
  requiredProduct: 'Product is required',
  invalidSku: 'Invalid SKU.',
  skuInvalidForEncoding: 'The SKU is not valid for this type of encoding method.',
  skuAboveMaximum: 'The maximum SKU value for the selected encoding method is {{limit}}.',
  skuTaken: 'A product with this SKU already exists.',
  productCodeTaken: 'A product with this product code already exists.',
  unknownCategory: 'Choose an existing category',
  unknownEncoding: 'Choose an enabled encoding method',
  unknownProduct: 'Choose an existing product',
  categoryDepth: 'A subcategory cannot have subcategories of its own.',
  categoryParentLocked: 'The parent of a category cannot be changed.',
  attributeNameTaken: 'Two attributes of a category cannot have the same name.',
  attributeOptionsRequired: 'A list attribute needs at least one option.',
  attributeValueNotOption: 'Choose one of the options of the list.',
  attributeValueNotNumber: 'Enter a number.',
  attributeValueNotDate: 'Enter a valid date and time.',
  attributeRequired: 'A value is required for {{name}}.',
  unknownAttribute: 'This attribute does not belong to the category.',
  invalidEpc: 'An EPC is hexadecimal, a whole number of 16-bit words (4, 8, … up to 124 digits).',
  epcTaken: 'An item with this EPC already exists.',
  epcNotForProduct: 'The EPC does not encode the SKU of this product.',
  epcNoProduct:
    'The EPC does not map to any product. Choose a product whose encoding is lookup, or register the product first.',
  unassignedProductLocked: 'The Unassigned product cannot be edited or deleted.',
  companyPrefixInvalid: 'The company prefix has 6 to 12 digits.',
  companyPrefixRequired: 'Set a company prefix before enabling SGTIN-96.',
  defaultEncodingDisabled: 'The default encoding method cannot be disabled.',
  oneEncodingEnabled: 'At least one encoding method must stay enabled.',
  skuSpaceExhausted: 'No unused SKU is left for this encoding method.',
  removedLocation: 'Items cannot be placed in the Removed location: delete them instead.',
  itemNotRemoved: 'Only removed items can be restored.',
  importFileTooLarge: 'The file is larger than 10,485,760 bytes.',
  importNotCsv: "The file is not a CSV file with the template's header.",
  importEmpty: 'The file has no rows.',
  importMissingColumn: 'The header lacks the column {{column}}.',
  importHasErrors: 'The file has errors: nothing was imported.',
  duplicateInFile: 'The value appears twice in the file.',
  unknownReaderType: 'Choose one of the reader types',
  unknownApplication: 'Choose one of the reader applications',
  handheldAppRequired: 'A Handheld configuration must use the Tagtrack App.',
  antennaNotOfType: 'Select only antennas {{first}} to {{last}} of this reader type.',
  txPowerAboveMaximum: 'This reader type allows at most {{max}}% RF power.',
  configurationInUse: 'A configuration assigned to readers cannot be deleted.',
  configurationTypeLocked: 'The reader type of a configuration assigned to readers cannot be changed.',
  configurationTemplateLocked: 'A configuration assigned to readers cannot become a template.',
  sessionLocationsRequired: 'Choose at least one location.',
  sessionLocationTaken: 'The location is already in an open inventory session.',
  sessionLocationNotCountable: 'Only active locations without children can be counted.',
  sessionLocationNotInSession: 'The location is not part of this inventory session.',
  sessionCannotTriage: 'Only a pending or resumed session can be suspended.',
  sessionCannotConfirm: 'Only a suspended session can be confirmed.',
  sessionCannotReopen: 'Only a suspended session can be resumed.',
  sessionCannotAbandon: 'A confirmed or abandoned session cannot be abandoned.',
  sessionNotCounting: 'The session takes no reads now: it is suspended, confirmed or abandoned.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/**
 * A message key with values for its `{{name}}` placeholders, carried through zod issues and the
 * server's answer as one string: `key|name=value&…`.
 */
export function messageWithParams(key: ValidationMessageKey, params: Record<string, string | number>): string {
  const query = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return `${key}|${query.join('&')}`;
}

/** The key and placeholder values of a message (`key` or `key|a=b`), or null for plain text. */
export function parseValidationMessage(
  text: string,
): { key: ValidationMessageKey; params: Record<string, string> } | null {
  const bar = text.indexOf('|');
  const key = bar < 0 ? text : text.slice(0, bar);
  if (!isValidationMessageKey(key)) return null;
  const pairs =
    bar < 0
      ? []
      : text
          .slice(bar + 1)
          .split('&')
          .filter(Boolean);
  const params = Object.fromEntries(
    pairs.map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0
        ? [decodeURIComponent(pair), '']
        : [decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1))];
    }),
  );
  return { key, params };
}

/** Fills `{{name}}` placeholders. */
export function interpolate(template: string, params: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/** English text of a message key (with its placeholders filled); any other text is returned as it is. */
export function validationMessage(keyOrText: string): string {
  const parsed = parseValidationMessage(keyOrText);
  return parsed ? interpolate(VALIDATION_MESSAGES[parsed.key], parsed.params) : keyOrText;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ENGLISH_PATTERNS = Object.entries(VALIDATION_MESSAGES).map(([key, template]) => {
  const names: string[] = [];
  const source = escapeRegExp(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  return { key: key as ValidationMessageKey, names, pattern: new RegExp(`^${source}$`) };
});

/** The key and values of an English message the server sent, so the console can show it translated. */
export function matchEnglishMessage(
  text: string,
): { key: ValidationMessageKey; params: Record<string, string> } | null {
  for (const { key, names, pattern } of ENGLISH_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
