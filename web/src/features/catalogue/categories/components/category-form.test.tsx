import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category, Encoding } from '@tagtrack/contract';
import { useClientStore } from '../../../../lib/client-store';
import { category, categoryField, encoding } from '../../../../test/catalogue-fixtures';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { stubServer, type StubCall, type StubServer } from '../../../../test/stub-server';
import { CategoryForm } from './category-form';

const encodings: Encoding[] = [
  encoding(1, 'NID32', { default: true }),
  encoding(2, 'NID64'),
  encoding(3, 'SGTIN96', { metadata: { companyPrefix: '0614141' } }),
  encoding(4, 'LOOKUP', { disabled: true }),
];

const stored: Category = category({
  id: 7,
  name: 'Furniture',
  description: 'Desks',
  fields: [categoryField({ id: 11, name: 'Maker' })],
});

/** The stored category under the name sent (the reply's shape is all the form reads). */
const reply = (call: StubCall, status = 200) =>
  jsonResponse({ ...stored, name: (call.body as { name?: string }).name ?? stored.name }, status);

/** The form's server: the encodings and the category tree to read; creating, saving and deleting answer `write`. */
function stubCategoryServer(write: (call: StubCall) => Response = (call) => reply(call, 201)) {
  return stubServer({
    encodingList: { encodings },
    categoryList: { count: 1, results: [stored] },
    categoryCreate: write,
    categoryUpdate: write,
    categoryDelete: write,
  });
}

/** Every request but the reads of the encodings and the category tree. */
const writes = (server: StubServer) =>
  server.calls.filter((c) => c.route !== 'encodingList' && c.route !== 'categoryList');

const card = (index: number) => screen.getByTestId(`attribute-card-${index}`);
const toggle = (index: number, name: string) => screen.getByTestId(`attribute-${index}-${name}`) as HTMLInputElement;

async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('category form', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('validates on submit only, with the spec messages', async () => {
    const server = stubCategoryServer();
    renderWithProviders(<CategoryForm mode={{ kind: 'add' }} />);
    await userEvent.click(screen.getByTestId('add-attribute'));
    fireEvent.click(toggle(0, 'fixed_data'));
    expect(screen.queryByText('Category name is required')).toBeNull();
    await userEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('Category name is required')).toBeTruthy();
    expect(screen.getByText('Attribute name is required')).toBeTruthy();
    expect(screen.getByText('Fixed value is required')).toBeTruthy();
    // Editing a field drops its message; the others wait for the next submit.
    fireEvent.change(screen.getByTestId('category-name-input'), { target: { value: 'Tools' } });
    await waitFor(() => expect(screen.queryByText('Category name is required')).toBeNull());
    expect(screen.getByText('Attribute name is required')).toBeTruthy();
    expect(writes(server)).toEqual([]);
  });

  it('switching fixed on clears and disables item-only, required and default', async () => {
    stubCategoryServer();
    renderWithProviders(<CategoryForm mode={{ kind: 'add' }} />);
    await userEvent.click(screen.getByTestId('add-attribute'));
    fireEvent.click(toggle(0, 'asset_data'));
    fireEvent.click(toggle(0, 'required'));
    fireEvent.click(toggle(0, 'has_default'));
    fireEvent.change(screen.getByTestId('attribute-0-default-value'), { target: { value: 'Acme' } });
    expect([toggle(0, 'asset_data').checked, toggle(0, 'required').checked, toggle(0, 'has_default').checked]).toEqual([
      true,
      true,
      true,
    ]);
    fireEvent.click(toggle(0, 'fixed_data'));
    for (const name of ['asset_data', 'required', 'has_default']) {
      expect(toggle(0, name).checked).toBe(false);
      expect(toggle(0, name).disabled).toBe(true);
    }
    expect(screen.queryByTestId('attribute-0-default-value')).toBeNull();
    expect((screen.getByTestId('attribute-0-fixed-value') as HTMLInputElement).value).toBe('');
    // Fixed off again: the default starts empty.
    fireEvent.click(toggle(0, 'fixed_data'));
    fireEvent.click(toggle(0, 'has_default'));
    expect((screen.getByTestId('attribute-0-default-value') as HTMLInputElement).value).toBe('');
  });

  it('changing the type resets the default and fixed values', async () => {
    stubCategoryServer();
    renderWithProviders(<CategoryForm mode={{ kind: 'add' }} />);
    await userEvent.click(screen.getByTestId('add-attribute'));
    fireEvent.click(toggle(0, 'has_default'));
    fireEvent.change(screen.getByTestId('attribute-0-default-value'), { target: { value: '42' } });
    await choose(card(0), 'Type', 'Number');
    expect((screen.getByTestId('attribute-0-default-value') as HTMLInputElement).value).toBe('');
    expect(toggle(0, 'has_default').checked).toBe(true);
  });

  it('list values: the add button ignores empty input and repeats; a list needs a value', async () => {
    const server = stubCategoryServer();
    renderWithProviders(<CategoryForm mode={{ kind: 'add' }} />);
    fireEvent.change(screen.getByTestId('category-name-input'), { target: { value: 'Paint' } });
    await userEvent.click(screen.getByTestId('add-attribute'));
    fireEvent.change(screen.getByTestId('attribute-0-name'), { target: { value: 'Colour' } });
    await choose(card(0), 'Type', 'List');
    const input = screen.getByTestId('attribute-0-options-input');
    fireEvent.change(input, { target: { value: '   ' } });
    await userEvent.click(screen.getByTestId('attribute-0-options-add'));
    expect(screen.getByText('No list values yet.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('A list attribute needs at least one option.')).toBeTruthy();
    expect(writes(server)).toEqual([]);
    for (const value of ['Red', ' Blue ', 'Red']) {
      fireEvent.change(input, { target: { value } });
      await userEvent.click(screen.getByTestId('attribute-0-options-add'));
    }
    expect(within(screen.getByTestId('attribute-0-options-values')).getAllByRole('button').length).toBe(2);
    await userEvent.click(screen.getByTestId('category-submit'));
    await waitFor(() => expect(writes(server).length).toBe(1));
    expect(writes(server)[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Paint', parent: null, encoding: null, fields: [{ name: 'Colour', options: ['Red', 'Blue'] }] },
    });
  });

  it('creates a category with the cards as stored', async () => {
    const server = stubCategoryServer();
    renderWithProviders(<CategoryForm mode={{ kind: 'add' }} />);
    fireEvent.change(screen.getByTestId('category-name-input'), { target: { value: ' Tools ' } });
    await choose(document.body, 'Parent', 'Furniture');
    await choose(document.body, 'Encoding method', 'SGTIN-96 (0614141)');
    await userEvent.click(screen.getByTestId('add-attribute'));
    fireEvent.change(screen.getByTestId('attribute-0-name'), { target: { value: 'Owner' } });
    fireEvent.click(toggle(0, 'fixed_data'));
    fireEvent.change(screen.getByTestId('attribute-0-fixed-value'), { target: { value: 'Facilities' } });
    await userEvent.click(screen.getByTestId('add-attribute'));
    fireEvent.change(screen.getByTestId('attribute-1-name'), { target: { value: 'Weight' } });
    await choose(card(1), 'Type', 'Number');
    fireEvent.click(toggle(1, 'required'));
    fireEvent.click(toggle(1, 'asset_data'));
    await userEvent.click(screen.getByTestId('category-submit'));
    await waitFor(() => expect(writes(server).length).toBe(1));
    expect(writes(server)[0]!.body).toEqual({
      name: 'Tools',
      description: '',
      parent: 7,
      encoding: 3,
      fields: [
        {
          name: 'Owner',
          type: 'Text',
          required: false,
          default_value: null,
          fixed_data: true,
          fixed_value: 'Facilities',
          asset_data: false,
          show_in_table: false,
          options: [],
        },
        {
          name: 'Weight',
          type: 'Number',
          required: true,
          default_value: null,
          fixed_data: false,
          fixed_value: null,
          asset_data: true,
          show_in_table: false,
          options: [],
        },
      ],
    });
    expect(await screen.findByText('Category created')).toBeTruthy();
  });

  it('shows the server refusal on the field and as a snackbar', async () => {
    stubCategoryServer(() => errorResponse('ValidationError', { 'fields.0.name': ['attributeNameTaken'] }));
    renderWithProviders(<CategoryForm mode={{ kind: 'add' }} />);
    fireEvent.change(screen.getByTestId('category-name-input'), { target: { value: 'Tools' } });
    await userEvent.click(screen.getByTestId('add-attribute'));
    fireEvent.change(screen.getByTestId('attribute-0-name'), { target: { value: 'Owner' } });
    await userEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText(/^Failed to add a new category/)).toBeTruthy();
    expect(within(card(0)).getByText('Two attributes of a category cannot have the same name.')).toBeTruthy();
  });

  it('edit: Save only when changed; the edit warning, then the encoding warning; the parent is not sent', async () => {
    const server = stubCategoryServer((call) => reply(call));
    renderWithProviders(<CategoryForm mode={{ kind: 'edit', category: stored }} />);
    const save = screen.getByTestId('category-submit') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Parent' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(screen.getByTestId('category-description-input'), { target: { value: 'Desks and chairs' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.change(screen.getByTestId('category-description-input'), { target: { value: 'Desks' } });
    await waitFor(() => expect(save.disabled).toBe(true));

    fireEvent.change(screen.getByTestId('attribute-0-name'), { target: { value: 'Manufacturer' } });
    await choose(document.body, 'Encoding method', 'NID64');
    await userEvent.click(save);
    expect(await screen.findByText('Save the changes?')).toBeTruthy();
    await userEvent.click(screen.getByTestId('category-edit-dialog-confirm'));
    expect(await screen.findByText('Change the encoding method?')).toBeTruthy();
    expect(writes(server)).toEqual([]);
    await userEvent.click(screen.getByTestId('category-encoding-dialog-confirm'));
    await waitFor(() => expect(writes(server).length).toBe(1));
    expect(writes(server)[0]).toMatchObject({ method: 'PATCH', url: expect.stringContaining('/tag-data/category/7/') });
    expect(writes(server)[0]!.body).toEqual({
      name: 'Furniture',
      description: 'Desks',
      encoding: 2,
      fields: [{ ...stored.fields[0], name: 'Manufacturer' }],
    });
    expect(await screen.findByText('Category Furniture updated')).toBeTruthy();
  });

  it('edit: only the encoding changed asks only about the encoding', async () => {
    const server = stubCategoryServer((call) => reply(call));
    renderWithProviders(<CategoryForm mode={{ kind: 'edit', category: stored }} />);
    await choose(document.body, 'Encoding method', 'NID64');
    await userEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('Change the encoding method?')).toBeTruthy();
    expect(screen.queryByText('Save the changes?')).toBeNull();
    await userEvent.click(screen.getByTestId('category-encoding-dialog-cancel'));
    await waitFor(() => expect(screen.queryByText('Change the encoding method?')).toBeNull());
    expect(writes(server)).toEqual([]);
  });

  it('cancel with unsaved changes asks before leaving; delete asks and reports a failure', async () => {
    const server = stubCategoryServer(() => errorResponse('NotFound', 'notFound'));
    renderWithProviders(<CategoryForm mode={{ kind: 'edit', category: stored }} />);
    fireEvent.change(screen.getByTestId('category-name-input'), { target: { value: 'Furniture 2' } });
    await userEvent.click(screen.getByTestId('category-cancel'));
    expect(
      await screen.findByText(
        "You haven't completed to edit the category yet. Do you want to leave without finishing?",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByTestId('category-leave-dialog-cancel'));
    await userEvent.click(screen.getByTestId('category-delete'));
    expect(await screen.findByText('Delete Furniture? Its products move to no category.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('category-delete-dialog-confirm'));
    expect(await screen.findByText(/^Failed to delete category\/sub category/)).toBeTruthy();
    expect(writes(server)).toEqual([
      expect.objectContaining({ method: 'DELETE', url: expect.stringContaining('/tag-data/category/7/') }),
    ]);
  });
});
