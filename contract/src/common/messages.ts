/**
 * Validation messages: schemas carry the key, the server answers the English text and the console
 * translates the key (namespace `validation`). English wording follows the spec.
 */
export const VALIDATION_MESSAGES = {
  requiredField: 'This field is required.',
  lostAfterMinutesRange: 'Enter whole minutes from 0 to 525600.',
  wholeSecondsRequired: 'Enter a whole number of seconds, 0 or more.',
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
  reportNameRequired: 'Report name is required',
  MaxLengthError: 'Ensure this field has no more than 255 characters.',
  reportNameTaken: 'A report with this name already exists.',
  startDateRequired: 'Start date is required',
  endDateAfterStart: 'End date must be greater than start date',
  operatorRequired: 'Operator is required',
  valueRequired: 'Value is required',
  invalidRange: 'Invalid value. Insert value min - max.',
  attributeFilterRepeated: 'This attribute is already filtered.',
  attributeWrongLevel: 'Filter item reports on item attributes and inventory reports on product attributes.',
  reportFieldUnknown: 'Choose one of the columns of this kind of report.',
  reportFieldRequired: 'The column {{field}} is required.',
  reportFieldRepeated: 'A column may be chosen only once.',
  orderingFieldNotShown: 'Order by one of the chosen columns.',
  orderingFieldRepeated: 'A column may be ordered by only once.',
  recurrenceRange: 'Enter whole numbers from {{first}} to {{last}}, separated by commas.',
  scheduleEndBeforeStart: 'The end date must not be earlier than the start.',
  scheduleStartInPast: 'The scheduled start must not be before now.',
  unknownTimeZone: 'Choose a valid time zone.',
  invalidDateTime: 'Enter a valid date and time from the year 1 to 9999, with a UTC offset of at most ±15:59.',
  timeTooFarAhead: "The time is more than a day ahead of the server's clock.",
  measurementOutOfRange: 'The value must be from {{min}} to {{max}}.',
  reportValueRefused: 'The report holds a value that is no longer accepted: edit the report and save it again.',
  exportLimit: 'Exporting results beyond 100,000 is not supported.',
  reportRunInterrupted: 'The server stopped while this report ran.',
  // Sensor monitoring events (03 §5).
  requiredLimit: 'Enter at least one limit.',
  limitDecimals: 'The value must have at most 2 decimal places',
  limitError: 'The low limit must be less than the high limit.',
  recipientRequired: 'At least one recipient must be selected',
  productRequired: 'At least one product must be selected',
  actionsMax: 'Choose at most two notification methods.',
  actionTypeRepeated: 'Each notification method may be chosen once.',
  requiredActionType: 'Choose a notification method.',
  // What the server says about a request as a whole (docs/errors.md).
  notFound: 'Not found.',
  permissionDenied: 'You do not have permission to perform this action.',
  sensorExtensionMissing: 'Your organisation does not have the sensor extension.',
  notAuthenticated: 'Authentication credentials were not provided.',
  authenticationFailed: 'No active account found with the given credentials',
  tokenNotValid: 'Given token not valid for any token type',
  throttled: 'Request was throttled. Expected available in {{wait}} seconds.',
  emailNotSent: 'The e-mail could not be sent: {{reason}}',
  csvAsMultipart: 'Send the CSV file as multipart/form-data in the field file.',
  imageAsMultipart: 'Send the image as multipart/form-data with the fields file, name and type.',
  readerCatalogueUnreadable: 'The reader catalogue could not be read.',
  readerCatalogueNotJson: 'The reader catalogue is not valid JSON.',
  readerCatalogueInvalid: 'The reader catalogue does not list valid reader types and apps.',
  jsonParseError: 'JSON parse error - {{reason}}',
  unsupportedMediaType: 'Unsupported media type "{{contentType}}" in request.',
  bodyTooLarge: 'The request body is too large.',
  invalidContentLength: 'Invalid Content-Length.',
  multipartNotReadable: 'The multipart body could not be read.',
  pathParameterTooLong: 'A path parameter is longer than 500 characters.',
  pathNotValid: 'The path is not valid.',
  requestTooLarge: 'The request headers or URL are too large.',
  requestTimeout: 'The request took too long to arrive.',
  requestNotReadable: 'The request could not be read.',
  serverError: 'Internal server error.',
  serviceUnavailable: 'Service temporarily unavailable, try again later.',
  nullCharacters: 'Null characters are not allowed.',
  nestingTooDeep: 'Nesting deeper than {{max}} levels is not allowed.',
  methodNotAllowed: 'Method "{{method}}" not allowed.',
  invalidNumber: 'A valid number is required.',
  invalidInteger: 'A valid integer is required.',
  numberAtMost: 'Ensure this value is less than or equal to {{max}}.',
  numberAtLeast: 'Ensure this value is greater than or equal to {{min}}.',
  textAtMost: 'Ensure this field has no more than {{max}} characters.',
  oneValueOnly: 'Give one value, not {{given}}.',
  batchServiceUnavailable: 'Service temporarily unavailable, try again later. Send the batch again.',
  batchServerError: 'A server error occurred ({{id}}). Send the batch again.',
  /** A message without a code of its own (a library's wording): `text` is the message as written. */
  otherMessage: '{{text}}',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/**
 * The message keys by name (`MESSAGE_KEYS.skuTaken === 'skuTaken'`): the server words its refusals
 * with these and the error handler answers the English text with the key as the code.
 */
export const MESSAGE_KEYS = Object.fromEntries(Object.keys(VALIDATION_MESSAGES).map((key) => [key, key])) as {
  readonly [K in ValidationMessageKey]: K;
};

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

/**
 * The machine-readable form of one message, beside its English text in an error's `codes`
 * (docs/errors.md): the message key and the values of its placeholders, as strings.
 */
export interface MessageCode {
  code: string;
  params?: Record<string, string>;
}

/** `codes` mirrors `detail`: each message replaced by its MessageCode. */
export type ErrorCodes = MessageCode | MessageCode[] | { [field: string]: ErrorCodes };

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * A message as the server words it (a key, `key|name=value&…`, or text) → its English text and
 * code. Text that is no key keeps its wording and gets `fallback` as its code (by default
 * otherMessage, carrying the text).
 */
export function describeMessage(keyOrText: string, fallback?: MessageCode): { text: string; code: MessageCode } {
  const parsed = parseValidationMessage(keyOrText);
  if (!parsed) return { text: keyOrText, code: fallback ?? { code: 'otherMessage', params: { text: keyOrText } } };
  const params = Object.keys(parsed.params).length > 0 ? { params: parsed.params } : {};
  return { text: interpolate(VALIDATION_MESSAGES[parsed.key], parsed.params), code: { code: parsed.key, ...params } };
}

/** A code as the one-string form forms carry (`key|name=value&…`), for the message hook to translate. */
export function codeToMessage(code: MessageCode): string {
  if (!isValidationMessageKey(code.code)) return code.code;
  return code.params && Object.keys(code.params).length > 0 ? messageWithParams(code.code, code.params) : code.code;
}

/** The first code of a `codes` value, reading non_field_errors and then `preferred` fields first. */
export function firstCode(codes: ErrorCodes | undefined, preferred: readonly string[] = []): MessageCode | undefined {
  return firstLeaf(codes, isMessageCode, preferred);
}

/**
 * The first leaf of a tree shaped as an error's detail or codes (a leaf, a list of leaves, or
 * field → tree), reading non_field_errors and then the `preferred` fields first.
 */
export function firstLeaf<T>(
  tree: unknown,
  isLeaf: (value: unknown) => value is T,
  preferred: readonly string[] = [],
): T | undefined {
  if (tree === undefined || tree === null) return undefined;
  if (isLeaf(tree)) return tree;
  if (Array.isArray(tree)) return tree.find(isLeaf);
  if (typeof tree !== 'object') return undefined;
  const fields = tree as Record<string, unknown>;
  for (const value of [...['non_field_errors', ...preferred].map((key) => fields[key]), ...Object.values(fields)]) {
    const found = firstLeaf(value, isLeaf);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** What zod tells a fallback message of an issue it raised (the fields these messages read). */
export interface FallbackIssue {
  code: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
}

/**
 * The message of a field problem whose schema names none, in Django REST's words and as a key the
 * console translates: a field missing, a number that is none or not whole, a bound, a text too
 * long, a list (a query parameter given twice) where one value belongs. Undefined leaves zod's own wording. The
 * server installs it as zod's fallback (`z.config({ customError })`): a schema's own message wins.
 */
export function fallbackMessage(issue: FallbackIssue): string | undefined {
  const { code, input } = issue;
  if (Array.isArray(input) && (code === 'invalid_type' || code === 'invalid_value') && issue.expected !== 'array') {
    return messageWithParams('oneValueOnly', { given: input.length });
  }
  if (code === 'invalid_type' && input === undefined) return 'requiredField';
  if (code === 'invalid_type' && issue.expected === 'int') return 'invalidInteger';
  if (code === 'invalid_type' && issue.expected === 'number') return 'invalidNumber';
  const bound = code === 'too_big' ? issue.maximum : code === 'too_small' ? issue.minimum : undefined;
  if (typeof bound !== 'number' || issue.inclusive === false) return undefined;
  if (issue.origin === 'number' || issue.origin === 'int') {
    return code === 'too_big'
      ? messageWithParams('numberAtMost', { max: bound })
      : messageWithParams('numberAtLeast', { min: bound });
  }
  if (issue.origin === 'string' && code === 'too_big') return messageWithParams('textAtMost', { max: bound });
  return undefined;
}
