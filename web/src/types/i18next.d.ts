import 'i18next';
import type announcements from '../../public/locales/en/announcements.json';
import type auth from '../../public/locales/en/auth.json';
import type common from '../../public/locales/en/common.json';
import type errors from '../../public/locales/en/errors.json';
import type locationFiles from '../../public/locales/en/locationFiles.json';
import type encodings from '../../public/locales/en/encodings.json';
import type categories from '../../public/locales/en/categories.json';
import type products from '../../public/locales/en/products.json';
import type items from '../../public/locales/en/items.json';
import type imports from '../../public/locales/en/imports.json';
import type users from '../../public/locales/en/users.json';
import type groups from '../../public/locales/en/groups.json';
import type passwordReset from '../../public/locales/en/passwordReset.json';
import type outbox from '../../public/locales/en/outbox.json';
import type readers from '../../public/locales/en/readers.json';
import type readerConfigurations from '../../public/locales/en/readerConfigurations.json';
import type locations from '../../public/locales/en/locations.json';
import type menu from '../../public/locales/en/menu.json';
import type profile from '../../public/locales/en/profile.json';
import type settings from '../../public/locales/en/settings.json';
import type validation from '../../public/locales/en/validation.json';
import type tracking from '../../public/locales/en/tracking.json';
import type inventory from '../../public/locales/en/inventory.json';
import type inventorySessions from '../../public/locales/en/inventorySessions.json';
import type reports from '../../public/locales/en/reports.json';
import type reportSchedule from '../../public/locales/en/reportSchedule.json';
import type sensors from '../../public/locales/en/sensors.json';
import type events from '../../public/locales/en/events.json';

// English is the source: t() keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      profile: typeof profile;
      settings: typeof settings;
      errors: typeof errors;
      validation: typeof validation;
      menu: typeof menu;
      announcements: typeof announcements;
      locations: typeof locations;
      locationFiles: typeof locationFiles;
      encodings: typeof encodings;
      categories: typeof categories;
      products: typeof products;
      items: typeof items;
      imports: typeof imports;
      users: typeof users;
      groups: typeof groups;
      passwordReset: typeof passwordReset;
      outbox: typeof outbox;
      readers: typeof readers;
      readerConfigurations: typeof readerConfigurations;
      tracking: typeof tracking;
      inventory: typeof inventory;
      inventorySessions: typeof inventorySessions;
      reports: typeof reports;
      reportSchedule: typeof reportSchedule;
      sensors: typeof sensors;
      events: typeof events;
    };
  }
}
