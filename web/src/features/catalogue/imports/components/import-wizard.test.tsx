import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messageWithParams, type ImportPreview } from '@tagtrack/contract';
import { buildCurrentUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { stubServer } from '../../../../test/stub-server';
import { ImportWizard } from './import-wizard';

const PREVIEW = '/master-data/product/import/preview/';
const COMMIT = '/master-data/product/import/';

function csv(name: string, text = 'sku,name\n1,A\n') {
  return new File([text], name, { type: 'text/csv' });
}

/**
 * The product import's server: each preview answers the next of `previews` (a preview, or an
 * answer such as a refusal), the commit answers `commit`. Every request is listed as 'METHOD url'.
 */
function stubImportServer(previews: (ImportPreview | (() => Response))[], commit: () => Response) {
  const server = stubServer({
    me: buildCurrentUser(['administrator']),
    productImportPreview: (call) => {
      expect(call.body).toBeInstanceOf(FormData);
      const next = previews.shift();
      return typeof next === 'function' ? next() : next;
    },
    productImport: commit,
  });
  return { sent: () => server.calls.map((c) => `${c.method} ${c.url}`) };
}

function drop(file: File) {
  fireEvent.drop(screen.getByTestId('csv-drop-zone'), { dataTransfer: { files: [file] } });
}

afterEach(() => vi.unstubAllGlobals());

describe('import wizard', () => {
  it('lists the errors of the preview numbered, keeps Import disabled, and imports the fixed file', async () => {
    const server = stubImportServer(
      [
        {
          rows: 3,
          errors: [
            {
              row: 3,
              column: 'sku',
              message: 'sku: The SKU is not valid for this type of encoding method.',
              code: 'skuInvalidForEncoding',
            },
            {
              row: 4,
              column: 'attribute:Voltage',
              message: 'attribute:Voltage: Enter a number.',
              code: 'attributeValueNotNumber',
            },
          ],
        },
        { rows: 3, errors: [] },
      ],
      () => jsonResponse({ created: 3 }, 201),
    );
    const afterImport = vi.fn();
    renderWithProviders(<ImportWizard kind="products" onCancel={vi.fn()} afterImport={afterImport} />);

    drop(csv('products.csv'));
    const list = await screen.findByRole('list', { name: 'Errors in the file' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '01Row 3: sku: The SKU is not valid for this type of encoding method.',
      '02Row 4: attribute:Voltage: Enter a number.',
    ]);
    expect(screen.getByTestId('import-row-count').textContent).toBe('Rows checked: 3');
    expect(screen.getByText(/^Errors found: 2\./)).toBeTruthy();
    expect((screen.getByTestId('import-commit') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    fireEvent.change(screen.getByTestId('csv-file-input'), { target: { files: [csv('fixed.csv')] } });
    await screen.findByText('No errors found: the file is ready to import.');
    expect(screen.queryByRole('list', { name: 'Errors in the file' })).toBeNull();
    const importButton = screen.getByTestId('import-commit') as HTMLButtonElement;
    expect(importButton.disabled).toBe(false);
    await userEvent.click(importButton);
    await waitFor(() => expect(afterImport).toHaveBeenCalled());
    expect(await screen.findByText('Products imported: 3')).toBeTruthy();
    expect(server.sent().filter((c) => c.startsWith('POST'))).toEqual([
      `POST ${PREVIEW}`,
      `POST ${PREVIEW}`,
      `POST ${COMMIT}`,
    ]);
  });

  it('shows a file problem under the drop zone, and the rows a refused commit lists, numbered', async () => {
    stubImportServer(
      [
        () => errorResponse('ValidationError', { file: [messageWithParams('importMissingColumn', { column: 'epc' })] }),
        { rows: 1, errors: [] },
      ],
      () =>
        errorResponse(
          'ValidationError',
          ['importHasErrors', 'Row 2: epc: An item with this EPC already exists.'],
          [{ code: 'importHasErrors' }, { code: 'epcTaken', params: { row: '2', column: 'epc' } }],
        ),
    );
    renderWithProviders(<ImportWizard kind="products" onCancel={vi.fn()} afterImport="summary" />);
    drop(csv('wrong.csv'));
    expect((await screen.findByTestId('csv-file-error')).textContent).toBe('The header lacks the column epc.');
    await userEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    fireEvent.change(screen.getByTestId('csv-file-input'), { target: { files: [csv('items.csv')] } });
    await screen.findByText('No errors found: the file is ready to import.');
    await userEvent.click(screen.getByTestId('import-commit'));
    const list = await screen.findByRole('list', { name: 'Errors in the file' });
    expect(within(list).getByRole('listitem').textContent).toBe('01Row 2: epc: An item with this EPC already exists.');
    expect((screen.getByTestId('import-commit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file that is not CSV before uploading it', async () => {
    const server = stubImportServer([], () => jsonResponse({ created: 0 }, 201));
    renderWithProviders(<ImportWizard kind="items" onCancel={vi.fn()} afterImport="summary" />);
    drop(new File(['x'], 'photo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The file is not a CSV file with the template's header.",
    );
    expect(server.sent().some((c) => c.startsWith('POST'))).toBe(false);
  });
});
