import type { EncodingMethod } from '../catalogue/catalogue.limits.js';

/** The EPC schemes the codec reads. */
export type EpcMethod = 'SGTIN96' | 'GIAI96' | 'NID32' | 'NID64';

/** The methods encodeEpc writes (GIAI-96 has its own encodeGiai96). */
export type EncodableEpcMethod = 'SGTIN96' | 'NID32' | 'NID64';

/** A decoded 96-bit EPC. Numbers are decimal strings without padding (64-bit values stay exact). */
export interface DecodedEpc {
  method: EpcMethod;
  /** SGTIN-96: the item reference with its indicator digit; NID32/NID64: the SKU field; GIAI-96: null. */
  sku: string | null;
  /** SGTIN-96 and NID: the serial; GIAI-96: the individual asset reference. */
  serial: string;
  /** SGTIN-96 and GIAI-96 only, with its leading zeros (6 to 12 digits). */
  companyPrefix?: string;
  /** SGTIN-96 and GIAI-96 only: the 3-bit filter value. */
  filter?: number;
  /** The tag URI, e.g. urn:epc:tag:sgtin-96:3.0614141.812345.6789 (NID: urn:tagtrack:nid32:sku.serial). */
  uri: string;
}

export interface EpcSettings {
  /** SGTIN-96: the company prefix (6 to 12 digits) that sets the partition. */
  companyPrefix?: string | null;
  /** SGTIN-96: the filter value 0..7 (default 0, "all others"). */
  filter?: number;
}

/** What skuFromEpc and epcKeyPrefixes need of an encoding (the contract's Encoding fits). */
export interface EpcEncoding {
  method: EncodingMethod;
  disabled: boolean;
  metadata: { companyPrefix?: string | null };
}
