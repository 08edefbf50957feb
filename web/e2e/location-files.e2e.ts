import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiFor, screenshot, signIn, useBrowser, withoutSetupModeBanner, type ApiClient } from './support.js';

const open = useBrowser();

/** A 320 × 200 PNG (a light grid with two rooms), fixed so the test needs no image tools. */
const PLAN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAADICAIAAAAWZq/8AAAD5ElEQVR42u3WwamFMBBAUftf24FN2IvuBSsQETFYggnGMQfmLz8X5s0hdv0wGmOCTpf+tv14f3R1dfMHYF1dgC1aVxdgXV1dgHV1AbZoXV2ALVpXF2BdXV2AdXUBtmhdXYB1dXUB1tUF2KJ1dQG2aF1dgHV1dQHW1QXYonV1AfYD6+oCrKurWwzwtJ6PJ3Vz/r2pbq3Dmo/l8aRuzr831QUYYIABBhhggAEGGGCAAQYYYIABBhhggAEGGGCAAQYYYIABBhhggAEGGGCAAQYYYIABBhhggAEGGGCAAQYYYIABBhhggAEGGGCAAQYYYIABBhhggAEGGGCAb8DGmKDjBfYCe4F9QgMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADXAywMSboeIG9wF5gn9AAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDDDAAAMMMMAAAwwwwAADDHDe6H6/CzDAIAEMMMC6AAMMsC7AAIMEMMAA6wIMMMC6AAPsoHUBBhgkgAEGWBdggAHWBRhgBw0wwACDBDDAAOsCDDDAugADDBLAAAOsCzDAAOsCDLCD1gUYYJAABvhFwMaYoOMF1vUC+4QGCWCAAdYFGGCAdQEG2EEDDDDAIAEMMMC6AAMMsC7AAIMEMMAA6wIMMMC6AAPsoHUBBhgkgAEGWBdggAHWBRhgBw0wwACDBDDAAOsCDDDAugADDBLAAAOsCzDAAOsCDLCD1gUYYJAABhhgXYABBlgXYIAdNMAAAwwSwAADrAswwADrAgwwSAADDLAuwAADrAswwA5aF2CAQQIYYIB1AQYYYF2AAQYJYIABBglggIsBNsYEHS+wrhfYJzRIAAMMsC7AAAOsCzDADhpggAEGCWCAAdYFGGCAdQEGGCSAAQZYF2CAAdYFGGAHrQswwCABDDDAugADDLAuwAA7aIABBhgkgAEGWBdggAHWBRhgkHR1a3cB1tUF2KJ1dQHW1dUFWFcXYIvW1QXYonV1AdbV1QVYVxdgi9bVBVhXVxdgXV2ALVpXF2CL1tUFWFdXF2BdXYAtWlcXYD+wri7Aurq6AOvq/qR7AWjhNZYnf8GbAAAAAElFTkSuQmCC',
  'base64',
);
const PLAN_SIZE = { width: 320, height: 200 };

async function createSite(api: ApiClient) {
  const suffix = Math.random().toString(36).slice(2, 7);
  const site = (await api.post('/configuration/location/', { name: `E2E Site ${suffix}`, parent: null })) as {
    uuid: string;
    name: string;
  };
  const child = (await api.post('/configuration/location/', { name: `E2E Child ${suffix}`, parent: site.uuid })) as {
    uuid: string;
    name: string;
  };
  return { site, child };
}

async function findLocation(api: ApiClient, name: string): Promise<string> {
  const roots = (await api.get('/configuration/location/')) as { uuid: string; name: string; children: unknown[] }[];
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.name === name) return node.uuid;
    stack.push(...(node.children as typeof roots));
  }
  throw new Error(`no location ${name}`);
}

/** A screenshot once MUI's transitions (a button turning enabled, a dialog leaving) have settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

async function snackbar(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor();
}

/** The bounding box of the Konva stage's canvas. */
async function stageBox(page: Page) {
  const canvas = page.getByTestId('floor-plan-canvas').locator('canvas').first();
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the floor plan canvas has no box');
  return box;
}

describe('location images and floor plan', () => {
  it('an administrator adds an image, sees its thumbnail and deletes it', async () => {
    const api = apiFor('admin');
    const { site } = await createSite(api);
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.goto(`/location/images/${site.uuid}`);
    await page.getByRole('heading', { level: 1, name: `Images for ${site.name}` }).waitFor();
    const breadcrumb = page.getByRole('main').locator('nav');
    expect(await breadcrumb.getByRole('link', { name: 'Locations' }).getAttribute('href')).toBe('/location');
    await page.getByTestId('location-images-empty').waitFor();
    await shot(page, 'location-images-empty-admin');

    await page.getByRole('button', { name: 'Add New Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Image' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('A file is required').waitFor();

    const input = dialog.getByTestId('image-drop-zone-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText('Only png, jpeg, jpg and svg images can be uploaded.').waitFor();
    await shot(page, 'location-image-add-refused');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await input.setInputFiles({ name: 'front-door.png', mimeType: 'image/png', buffer: PLAN_PNG });
    await dialog.getByTestId('image-drop-zone-preview').waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('front-door');
    await dialog.getByLabel('Name').fill('Front door');
    expect(await dialog.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await shot(page, 'location-image-add-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Location image uploaded');
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: 'Front door' });
    const thumbnail = card.getByTestId('location-image-thumbnail');
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(PLAN_SIZE.width);
    expect(await card.getByTestId('location-image-updated').textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );

    await card.getByRole('button', { name: 'Open in original size' }).click();
    const viewer = page.getByRole('dialog', { name: /Front door/ });
    await expect
      .poll(() => viewer.getByTestId('image-viewer-image').evaluate((img: HTMLImageElement) => img.width))
      .toBe(PLAN_SIZE.width);
    await viewer.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: 'Delete image' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByTestId('location-images-empty').waitFor();
    expect(await api.get(`/configuration/location/${site.uuid}/files/?type=other`)).toEqual([]);
    await context.close();
  });

  it('an administrator uploads a plan, binds a rectangle to a child and finds it after a reload', async () => {
    const api = apiFor('admin');
    const { site, child } = await createSite(api);
    const { context, page } = await open();
    // The plan is drawn on by mouse position: the setup-mode banner appearing would move it.
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto(`/location/${site.uuid}`);
    await page.getByRole('heading', { level: 1, name: `Floor plan: ${site.name}` }).waitFor();
    await page.getByTestId('floor-plan-empty').waitFor();
    await shot(page, 'floor-plan-empty-admin');
    await page
      .getByTestId('image-drop-zone-input')
      .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PLAN_PNG });
    await page.getByTestId('floor-plan-upload').click();
    await snackbar(page, 'Location floor plan uploaded');
    await stageBox(page);
    expect(await page.getByRole('button', { name: 'Rectangle' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit floor plan' }).click();
    for (const tool of ['Triangle', 'Rectangle', 'Circle', 'Dot Mark']) {
      expect(await page.getByRole('button', { name: tool, exact: true }).isVisible()).toBe(true);
    }
    await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    const box = await stageBox(page);
    // From 25 % to 50 % of the width and 20 % to 60 % of the height of the stage.
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 4 });
    await page.mouse.up();

    const bind = page.getByRole('dialog', { name: 'Which location does this shape mark?' });
    await bind.getByRole('combobox', { name: 'Location' }).fill(child.name);
    await page.getByRole('option', { name: new RegExp(child.name) }).click();
    await bind.getByRole('button', { name: 'Apply' }).click();
    await bind.waitFor({ state: 'detached' });
    await page.getByText('Unsaved changes').waitFor();
    await shot(page, 'floor-plan-edit-admin');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await snackbar(page, 'Floor plan saved');
    await page.getByRole('button', { name: 'Edit floor plan' }).waitFor();

    const saved = (await api.get(`/configuration/location/${site.uuid}/floor_plan/`)) as {
      shapes: { type: string; location: string; x: number; y: number; width: number; height: number }[];
    };
    expect(saved.shapes).toHaveLength(1);
    const [shape] = saved.shapes;
    expect(shape).toMatchObject({ type: 'rectangle', location: child.uuid });
    // Stored in the image's own pixels, whatever the stage's size on screen.
    expect(shape!.x).toBeCloseTo(PLAN_SIZE.width * 0.25, -1);
    expect(shape!.y).toBeCloseTo(PLAN_SIZE.height * 0.2, -1);
    expect(shape!.width).toBeCloseTo(PLAN_SIZE.width * 0.25, -1);
    expect(shape!.height).toBeCloseTo(PLAN_SIZE.height * 0.4, -1);

    await page.reload();
    const label = page.getByTestId('floor-plan-label');
    await label.waitFor();
    expect(await label.textContent()).toBe(`${child.name} · Items: 0`);
    expect(await page.getByTestId('floor-plan-shape-row').count()).toBe(1);
    // The count links to the item list at /, filtered to that location (in the link itself).
    expect(await label.getByRole('link').count()).toBe(1);
    expect(await label.getByRole('link').getAttribute('href')).toBe(`/?location=${child.uuid}&status=in`);
    await context.close();

    const viewer = await open();
    await signIn(viewer.page, 'viewer');
    await viewer.page.goto(`/location/${site.uuid}`);
    await viewer.page.getByTestId('floor-plan-label').waitFor();
    expect(await viewer.page.getByTestId('floor-plan-label').textContent()).toBe(`${child.name} · Items: 0`);
    expect(await viewer.page.getByRole('button', { name: 'Edit floor plan' }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: 'Change image' }).count()).toBe(0);
    expect(await viewer.page.getByTestId('floor-plan-tools').count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: 'Rectangle' }).count()).toBe(0);
    await viewer.page.goto(`/location/images/${site.uuid}`);
    await viewer.page.getByTestId('location-images-empty').waitFor();
    expect(await viewer.page.getByRole('button', { name: 'Add New Image' }).count()).toBe(0);
    await viewer.context.close();
  });

  it('an administrator changes and deletes the plan image, keeping the shapes, then deletes all plan data', async () => {
    const api = apiFor('admin');
    const { site, child } = await createSite(api);
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.goto(`/location/${site.uuid}`);
    await page
      .getByTestId('image-drop-zone-input')
      .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PLAN_PNG });
    await page.getByTestId('floor-plan-upload').click();
    await snackbar(page, 'Location floor plan uploaded');

    // A circle and a dot placed with a click each, both bound to the child.
    await page.getByRole('button', { name: 'Edit floor plan' }).click();
    const box = await stageBox(page);
    for (const [tool, x, y] of [
      ['Circle', 0.3, 0.5],
      ['Dot Mark', 0.75, 0.3],
    ] as const) {
      await page.getByRole('button', { name: tool, exact: true }).click();
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
      const bind = page.getByRole('dialog', { name: 'Which location does this shape mark?' });
      await bind.getByRole('combobox', { name: 'Location' }).click();
      await page.getByRole('option', { name: new RegExp(child.name) }).click();
      await bind.getByRole('button', { name: 'Apply' }).click();
      await bind.waitFor({ state: 'detached' });
    }
    await shot(page, 'floor-plan-circle-and-dot');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await snackbar(page, 'Floor plan saved');
    const plan = async () =>
      (await api.get(`/configuration/location/${site.uuid}/floor_plan/`)) as {
        image: { pk: number } | null;
        shapes: { type: string }[];
      };
    const first = await plan();
    expect(first.shapes.map((s) => s.type)).toEqual(['circle', 'dot']);

    await page.getByRole('button', { name: 'Change image' }).click();
    const change = page.getByRole('dialog', { name: 'Change the floor plan image' });
    await change
      .getByTestId('image-drop-zone-input')
      .setInputFiles({ name: 'plan-v2.png', mimeType: 'image/png', buffer: PLAN_PNG });
    await change.getByRole('button', { name: 'Upload' }).click();
    await change.waitFor({ state: 'detached' });
    const changed = await plan();
    expect(changed.image?.pk).not.toBe(first.image?.pk);
    expect(changed.shapes).toHaveLength(2);
    await expect.poll(() => page.getByTestId('floor-plan-label').count()).toBe(2);

    await page.getByRole('button', { name: 'More floor plan actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete image' }).click();
    await page
      .getByRole('dialog', { name: 'Delete the floor plan image?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByTestId('floor-plan-empty').waitFor();
    await page.getByText('Marked locations kept from the deleted image: 2.', { exact: false }).waitFor();
    const imageless = await plan();
    expect(imageless.image).toBeNull();
    expect(imageless.shapes).toHaveLength(2);

    await page.getByRole('button', { name: 'More floor plan actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete floor plan and data' }).click();
    await page
      .getByRole('dialog', { name: 'Delete the floor plan and its data?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await snackbar(page, 'Floor plan and its data deleted');
    await expect.poll(async () => (await plan()).shapes.length).toBe(0);
    expect(await page.getByRole('button', { name: 'More floor plan actions' }).count()).toBe(0);
    await context.close();
  });

  it('the demo plan and pictures, for writers and viewers, in English and in German', async () => {
    const api = apiFor('admin');
    const building = await findLocation(api, 'Building A');
    const centre = await findLocation(api, 'Oslo Distribution Centre');

    const admin = await open();
    await signIn(admin.page, 'admin');
    await admin.page.goto(`/location/images/${centre}`);
    await admin.page.getByRole('article', { name: 'Loading bays' }).getByTestId('location-image-thumbnail').waitFor();
    await shot(admin.page, 'location-images-admin');
    await admin.page.goto(`/location/${building}`);
    await admin.page.getByTestId('floor-plan-label').first().waitFor();
    expect(await admin.page.getByTestId('floor-plan-label').count()).toBe(4);
    await shot(admin.page, 'floor-plan-admin');
    await admin.page.getByRole('button', { name: 'Edit floor plan' }).click();
    await (await admin.page.getByTestId('floor-plan-shape-row').all())[1]!.getByRole('button').first().click();
    await shot(admin.page, 'floor-plan-edit-selected-admin');
    await admin.page.getByRole('button', { name: 'Cancel' }).click();
    await admin.context.close();

    const viewer = await open();
    await signIn(viewer.page, 'viewer');
    await viewer.page.goto(`/location/${building}`);
    await viewer.page.getByTestId('floor-plan-label').first().waitFor();
    await shot(viewer.page, 'floor-plan-viewer');
    await viewer.page.goto(`/location/images/${centre}`);
    await viewer.page.getByRole('article', { name: 'Main entrance' }).waitFor();
    expect(await viewer.page.getByTestId('location-image-delete').count()).toBe(0);
    await shot(viewer.page, 'location-images-viewer');
    await viewer.context.close();

    // The operator reads German for a moment (the language is the user's, kept on the server).
    const operatorApi = apiFor('operator');
    await operatorApi.patch('/accounts/users/me/', { language: 'de' });
    try {
      const operator = await open();
      await signIn(operator.page, 'operator');
      await operator.page.goto(`/location/${building}`);
      await operator.page.getByRole('heading', { level: 1, name: 'Grundriss: Building A' }).waitFor();
      await operator.page.getByTestId('floor-plan-label').first().waitFor();
      await operator.page.getByRole('button', { name: 'Grundriss bearbeiten' }).click();
      await operator.page.getByRole('button', { name: 'Rechteck', exact: true }).waitFor();
      await shot(operator.page, 'floor-plan-edit-de');
      await operator.page.goto(`/location/images/${centre}`);
      await operator.page.getByRole('article', { name: 'Main entrance' }).waitFor();
      await shot(operator.page, 'location-images-de');
      await operator.context.close();
    } finally {
      await operatorApi.patch('/accounts/users/me/', { language: 'en' });
    }
  });
});
