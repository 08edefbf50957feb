/** Limits of the catalogue (01 §5, §9). */
export const ENCODING_METHODS = ['NID32', 'NID64', 'SGTIN96', 'LOOKUP'] as const;
export type EncodingMethod = (typeof ENCODING_METHODS)[number];

/** Key prefix of each method's EPCs (02 §3): the reader filter is built from the enabled ones. */
export const ENCODING_KEY_PREFIX: Readonly<Record<Exclude<EncodingMethod, 'LOOKUP'>, string>> = {
  NID32: '8',
  NID64: 'D',
  SGTIN96: '30',
};

/** SGTIN-96 item reference maxima for partitions 0..6 (company prefix of 12..6 digits), as the spec lists them (01 §5). */
export const SGTIN96_SKU_MAXIMA = [15, 127, 1023, 16383, 131071, 1048575, 16777215] as const;
export const NID32_SKU_MAX = 2n ** 32n - 1n;
export const NID64_SKU_MAX = 2n ** 64n - 1n;
export const MIN_NUMERIC_SKU = 1n;

export const ATTRIBUTE_TYPES = ['Text', 'DropdownList', 'DateTime', 'Number'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Placeholders the spec stores for unset attributes (01 §3). */
export const UNSET_DATETIME = '1970-01-01T00:00:00';
export const UNSET_NUMBER = '0.0000000001';
export const UNSET_NUMBER_VALUE = 1e-10;

/** The special product that receives items whose EPC maps to no product. */
export const UNASSIGNED_SKU = 'Unassigned';

export const CATEGORY_NAME_MAX = 150;
export const PRODUCT_NAME_MAX = 150;
export const PRODUCT_CODE_MAX = 100;
export const SKU_MAX_LENGTH = 100;
export const DESCRIPTION_MAX = 5000;
export const ATTRIBUTE_VALUE_MAX = 1000;
export const ITEM_NAME_MAX = 150;
/** An EPC is hexadecimal, a whole number of 16-bit words, at most 496 bits. */
export const EPC_MAX_HEX = 124;
export const ITEM_STATUSES = ['in', 'out', 'lost'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_PAGE_SIZE_DEFAULT = 300;
export const CATEGORY_PAGE_SIZE_MAX = 10000;
