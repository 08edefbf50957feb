import type { FieldErrors } from 'react-hook-form';
import { serverFieldMessages } from '../../../../lib/form-errors';
import type { ProductFormErrors, ProductFormValues } from './product-form-model';

/** Resolver errors in the form library's nested shape. */
export function toFieldErrors(errors: ProductFormErrors): FieldErrors<ProductFormValues> {
  const nested: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, key] = path.split('.') as [string, string | undefined];
    const error = { type: 'validate', message };
    if (key) nested[head] = { ...(nested[head] as object | undefined), [key]: error };
    else nested[head] = error;
  }
  return nested as FieldErrors<ProductFormValues>;
}

/** The server's field messages (ValidationError detail {sku, product_code, name}) by form field. */
export function serverFieldErrors(error: unknown): ProductFormErrors {
  const messages = serverFieldMessages(error) ?? {};
  const errors: ProductFormErrors = {};
  for (const [key, field] of [
    ['sku', 'sku'],
    ['product_code', 'productCode'],
    ['name', 'name'],
  ] as const) {
    const message = messages[key];
    if (message) errors[field] = message;
  }
  return errors;
}
