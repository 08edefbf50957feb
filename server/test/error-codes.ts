import {
  VALIDATION_MESSAGES,
  interpolate,
  isMessageCode,
  isValidationMessageKey,
  type ErrorCodes,
  type ErrorDetail,
} from '@tagtrack/contract';

/**
 * Where an error's `codes` do not say what its `detail` says (docs/errors.md): each message needs
 * a code of the catalogue in the same place whose English, with its values, is the message. Two
 * codes may stand for other wording: invalidValue for a library's wording of a field problem, and
 * otherMessage, whose `text` is the message. An import's row problem reads "Row N: column: message".
 * Answers the problems found, empty when none.
 */
export function codeMismatches(detail: ErrorDetail, codes: ErrorCodes | undefined, at = 'detail'): string[] {
  if (codes === undefined) return [`${at}: no code`];
  if (typeof detail === 'string' && typeof codes === 'object' && !Array.isArray(codes) && !isMessageCode(codes)) {
    // A detail joined by ';' (routes whose errors read so, 03 §8): `field: message` parts, in the
    // order of the codes' fields.
    const parts = detail.split(';');
    const expected = Object.entries(codes).flatMap(([field, fieldCodes]) =>
      (Array.isArray(fieldCodes) ? fieldCodes : [fieldCodes]).map((code) => ({ field, code })),
    );
    if (parts.length !== expected.length) return [`${at}: ${parts.length} parts for ${expected.length} codes`];
    return expected.flatMap(({ field, code }, i) => {
      const prefix = field === 'non_field_errors' ? '' : `${field}: `;
      const part = parts[i]!;
      if (!part.startsWith(prefix)) return [`${at}.${field}: the part "${part}" does not name its field`];
      return codeMismatches(part.slice(prefix.length), code, `${at}.${field}`);
    });
  }
  if (typeof detail === 'string') {
    if (!isMessageCode(codes)) return [`${at}: ${JSON.stringify(codes)} is not a code`];
    if (!isValidationMessageKey(codes.code)) return [`${at}: ${codes.code} is not a message key`];
    if (codes.code === 'otherMessage') return codes.params?.text === detail ? [] : [`${at}: otherMessage text differs`];
    const params = codes.params ?? {};
    let english = interpolate(VALIDATION_MESSAGES[codes.code], params);
    // An import's row problem (importRowErrorCode): "Row N: column: message".
    if (params.row !== undefined) english = `Row ${params.row}: ${params.column ? `${params.column}: ` : ''}${english}`;
    if (english === detail || codes.code === 'invalidValue') return [];
    return [`${at}: ${codes.code} reads "${english}", the detail "${detail}"`];
  }
  if (Array.isArray(detail)) {
    if (!Array.isArray(codes) || codes.length !== detail.length) return [`${at}: codes are not a list as long`];
    return detail.flatMap((d, i) => codeMismatches(d, codes[i], `${at}.${i}`));
  }
  if (isMessageCode(codes) || Array.isArray(codes)) return [`${at}: codes are not fields`];
  const fields = new Set([...Object.keys(detail), ...Object.keys(codes)]);
  return [...fields].flatMap((field) =>
    detail[field] === undefined
      ? [`${at}.${field}: a code without a message`]
      : codeMismatches(detail[field], codes[field], `${at}.${field}`),
  );
}

/** The keys of every error envelope (spec 01 §3, with the codes beside the detail). */
export const ENVELOPE_KEYS = ['codes', 'detail', 'id', 'request', 'time', 'type', 'user-agent'];
