/** zh-cn resources, one JSON file per feature namespace (partial: missing keys fall back to Spanish). All namespaces at once, for the unit tests; the app loads each JSON file as its own chunk (lib/i18n). */
import auth from './auth.json';
import common from './common.json';
import dashboard from './dashboard.json';
import layout from './layout.json';

/** Namespaces of this language. */
export const resources = { auth, common, dashboard, layout };
