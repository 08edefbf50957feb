import {
  normalizeCategoryField,
  type AttributeType,
  type Category,
  type CategoryCreate,
  type CategoryFieldInput,
  type CategoryUpdate,
} from '@tagtrack/contract';

/**
 * One attribute card as the form holds it. `fieldId` is the stored field's id (edit), kept apart
 * from the field array's own key; `has_default` is the card's default toggle (01 §3 isDefaultValue).
 */
export interface AttributeFormValues {
  fieldId?: number;
  name: string;
  type: AttributeType;
  required: boolean;
  has_default: boolean;
  default_value: string;
  fixed_data: boolean;
  fixed_value: string;
  asset_data: boolean;
  show_in_table: boolean;
  options: string[];
}

export interface CategoryFormValues {
  name: string;
  /** null: Root (a top-level category). */
  parent: number | null;
  /** null: no encoding of its own (the parent's or the customer's default applies). */
  encoding: number | null;
  description: string;
  fields: AttributeFormValues[];
}

export function emptyAttribute(): AttributeFormValues {
  return {
    name: '',
    type: 'Text',
    required: false,
    has_default: false,
    default_value: '',
    fixed_data: false,
    fixed_value: '',
    asset_data: false,
    show_in_table: false,
    options: [],
  };
}

export function emptyCategoryForm(): CategoryFormValues {
  return { name: '', parent: null, encoding: null, description: '', fields: [] };
}

const SHORT_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A date-time input answers without seconds when they are zero; values are stored with them. */
function withSeconds(type: AttributeType, value: string): string {
  return type === 'DateTime' && SHORT_DATE_TIME.test(value.trim()) ? `${value.trim()}:00` : value;
}

/** The stored field as a card. */
export function toAttributeForm(field: Category['fields'][number]): AttributeFormValues {
  return {
    fieldId: field.id,
    name: field.name,
    type: field.type,
    required: field.required,
    has_default: !field.fixed_data && field.default_value !== null,
    default_value: field.default_value ?? '',
    fixed_data: field.fixed_data,
    fixed_value: field.fixed_value ?? '',
    asset_data: field.asset_data,
    show_in_table: field.show_in_table,
    options: [...field.options],
  };
}

export function toCategoryForm(category: Category): CategoryFormValues {
  return {
    name: category.name,
    parent: category.parent,
    encoding: category.encoding,
    description: category.description,
    fields: category.fields.map(toAttributeForm),
  };
}

/**
 * A card as the API takes it, before the schema: the default value only when its toggle is on.
 * Indices stay those of the cards, so error paths (`fields.<i>.<key>`) point at the right card.
 */
export function toFieldInput(card: AttributeFormValues): CategoryFieldInput {
  return {
    ...(card.fieldId === undefined ? {} : { id: card.fieldId }),
    name: card.name,
    type: card.type,
    required: card.required,
    default_value: card.has_default ? withSeconds(card.type, card.default_value) : null,
    fixed_data: card.fixed_data,
    fixed_value: withSeconds(card.type, card.fixed_value),
    asset_data: card.asset_data,
    show_in_table: card.show_in_table,
    options: card.options,
  };
}

/** The form as the create call's body (what the schema with the category rules validates). */
export function toCategoryInput(values: CategoryFormValues): CategoryCreate {
  return {
    name: values.name,
    description: values.description,
    parent: values.parent,
    encoding: values.encoding,
    fields: values.fields.map(toFieldInput),
  };
}

/** The body as stored: each card normalized (a fixed card is not item-only, required or defaulted…). */
export function normalizeCategoryInput(input: CategoryCreate): CategoryCreate {
  return {
    ...input,
    name: input.name.trim(),
    description: input.description.trim(),
    fields: input.fields.map((field) => normalizeCategoryField(field)),
  };
}

/** The update call's body: everything but the parent, which cannot change. */
export function toCategoryUpdate(input: CategoryCreate): CategoryUpdate {
  const { name, description, encoding, fields } = normalizeCategoryInput(input);
  return { name, description, encoding, fields };
}

export interface CategoryChanges {
  /** Name, description or attributes: the edit warning (01 §4). */
  details: boolean;
  /** The encoding: its own warning. */
  encoding: boolean;
}

const detailsOf = (values: CategoryFormValues) => {
  const { name, description, fields } = normalizeCategoryInput(toCategoryInput(values));
  return JSON.stringify({ name, description, fields });
};

/** What differs between the loaded category and the form, as it would be stored. */
export function categoryChanges(initial: CategoryFormValues, current: CategoryFormValues): CategoryChanges {
  return {
    details: detailsOf(initial) !== detailsOf(current),
    encoding: initial.encoding !== current.encoding,
  };
}
