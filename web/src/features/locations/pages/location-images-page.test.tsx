import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { LocationFile, Role } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { loc, testUuid } from '../../../test/location-fixtures';
import { jsonResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { stubServer } from '../../../test/stub-server';
import { LocationImagesPage } from './location-images-page';
import { buildCurrentUser } from '../../../test/current-user';

const SITE = testUuid(900);
const FILES = `/configuration/location/${SITE}/files/`;

const user = (roles: Role[]) => buildCurrentUser(roles);

const photo: LocationFile = {
  pk: 4,
  name: 'Front door',
  type: 'other',
  content_type: 'image/png',
  size: 1200,
  updated: new Date(2026, 10, 22, 9, 5, 7).toISOString(),
};

/** The page's server: the user, the location, its images and their bytes, and the upload. */
function stubImagesServer(roles: Role[], files: LocationFile[] = [photo]) {
  return stubServer({
    me: user(roles),
    locationGet: ({ params }) => (params.id === SITE ? loc('Main Warehouse', { uuid: SITE }) : undefined),
    locationFileList: ({ params, query }) =>
      params.id === SITE && query.toString() === 'type=other' ? files : undefined,
    locationFileGet: () => new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    locationFileUpload: ({ params }) =>
      params.id === SITE ? jsonResponse({ ...photo, pk: 5, name: 'Dock' }, 201) : undefined,
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/location/images/:uuid" element={<LocationImagesPage />} />
    </Routes>,
    { path: `/location/images/${SITE}` },
  );
}

function image(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('/location/images/:uuid', () => {
  beforeEach(() => {
    useClientStore.setState({ access: 'a', refresh: 'r' });
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each image with its thumbnail, name and time, and no write controls to a viewer', async () => {
    const server = stubImagesServer(['viewer']);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Images for Main Warehouse' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Front door' });
    expect(within(card).getByText('2026-11-22 09:05:07')).toBeTruthy();
    expect((await within(card).findByTestId('location-image-thumbnail')).getAttribute('src')).toBe('blob:image');
    expect(within(card).getByRole('button', { name: 'Open in original size' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('me')).not.toHaveLength(0));
    expect(within(card).queryByRole('button', { name: 'Delete image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New Image' })).toBeNull();
    // The bytes come through the API client, with the token, never through <img src> to the API.
    expect(server.calls.some((c) => c.url === `${FILES}4/get_file/`)).toBe(true);
  });

  it('tells when there are no images', async () => {
    stubImagesServer(['viewer'], []);
    renderPage();
    expect(await screen.findByText('No images have been added to this location.')).toBeTruthy();
  });

  it('asks a writer for a name and an image, refuses a too-large one and uploads a valid one', async () => {
    const server = stubImagesServer(['operator']);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Image' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('A file is required')).toBeTruthy();

    const drop = within(dialog).getByTestId('image-drop-zone');
    fireEvent.drop(drop, { dataTransfer: { files: [image('huge.png', 'image/png', 3_200_001)] } });
    expect(await within(dialog).findByText('Failed to upload. The image size should be max 3 MB.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    fireEvent.drop(within(dialog).getByTestId('image-drop-zone'), {
      dataTransfer: { files: [image('loading-dock.png', 'image/png', 2_000)] },
    });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('loading-dock'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Dock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Location image uploaded')).toBeTruthy();
    const upload = server.calls.find((c) => c.method === 'POST' && c.url === FILES);
    const form = upload?.body as FormData;
    expect(form.get('name')).toBe('Dock');
    expect(form.get('type')).toBe('other');
    expect((form.get('file') as File).name).toBe('loading-dock.png');
  });
});
