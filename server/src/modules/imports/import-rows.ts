import {
  IMPORT_ATTRIBUTE_PREFIX,
  MESSAGE_KEYS as M,
  describeMessage,
  parseValidationMessage,
  type MessageCode,
  type AttributeIssue,
  type AttributeValue,
  type CategoryField,
  type ImportRowError,
} from '@tagtrack/contract';
import type { CsvRow, ImportHeader } from './csv-reader.js';

/**
 * What an import needs of one kind of row: `check` takes a batch of rows (about a thousand), asks
 * the database once per question for the whole batch, and answers the rows to write and the
 * problems found. It keeps what it needs across batches (values seen, for duplicates in the file).
 */
export interface BatchValidator<T> {
  check(rows: readonly CsvRow[]): Promise<{ accepted: T[]; errors: ImportRowError[] }>;
}

/** The problems of one row: the column, the English text and the code of each. */
export class RowProblems {
  readonly problems: { column: string | null; text: string; code: MessageCode }[] = [];

  /** A message key (with params) or text, about a column (null: the row as a whole). */
  add(column: string | null, message: string): void {
    const { text, code } = describeMessage(message, { code: M.invalidValue });
    this.problems.push({ column, text, code });
  }

  /**
   * Zod issues of the API's schema; `columnOf` names the file column of an issue path. A message
   * that is not one of the contract's (zod's own wording of an enum or length) reads as 'Enter a
   * valid value.'.
   */
  addIssues(
    issues: readonly { path: readonly PropertyKey[]; message: string }[],
    columnOf: (path: string) => string | null,
  ): void {
    for (const issue of issues) {
      const message = parseValidationMessage(issue.message) ? issue.message : M.invalidValue;
      this.add(columnOf(issue.path.map(String).join('.')), message);
    }
  }

  get ok(): boolean {
    return this.problems.length === 0;
  }

  /** Each problem as the API words it: "column: English message", with its code. */
  errors(line: number): ImportRowError[] {
    return this.problems.map(({ column, text, code }) => ({
      row: line,
      column,
      message: column ? `${column}: ${text}` : text,
      code: code.code,
      params: code.params ?? {},
    }));
  }
}

export const attributeColumn = (name: string) => `${IMPORT_ATTRIBUTE_PREFIX}${name}`;

/**
 * The attribute cells of a row as values for the fields of its category at one level. An empty
 * cell is no value (the field's default applies); a value in a column that is no such field of the
 * row's category is refused ('unknownAttribute') rather than dropped.
 */
export function readAttributeCells(
  header: ImportHeader,
  cells: readonly string[],
  fields: readonly CategoryField[],
  problems: RowProblems,
): AttributeValue[] {
  const values: AttributeValue[] = [];
  for (const [name, index] of header.attributes) {
    const value = (cells[index] ?? '').trim();
    if (value === '') continue;
    const lower = name.toLowerCase();
    const field = fields.find((f) => f.name === name) ?? fields.find((f) => f.name.toLowerCase() === lower);
    if (!field) problems.add(attributeColumn(name), 'unknownAttribute');
    else values.push({ datafield: field.id, name: field.name, value });
  }
  return values;
}

/** Attribute issues of the contract's rules, on the attribute's column. */
export function addAttributeIssues(
  problems: RowProblems,
  fields: readonly CategoryField[],
  issues: readonly AttributeIssue[],
): void {
  for (const issue of issues) {
    const field = fields.find((f) => f.id === issue.datafield);
    problems.add(field ? attributeColumn(field.name) : 'attributes', issue.message);
  }
}
