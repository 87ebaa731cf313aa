/** es resources, one JSON file per feature namespace. Loaded lazily as one chunk. */
import auth from './auth.json';
import common from './common.json';
import dashboard from './dashboard.json';
import errors from './errors.json';
import layout from './layout.json';
import settings from './settings.json';
import site from './site.json';

/** Namespaces of this language. */
export const resources = { auth, common, dashboard, errors, layout, settings, site };
