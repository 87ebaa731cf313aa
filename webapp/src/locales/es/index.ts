/** es resources, one JSON file per feature namespace. All namespaces at once, for the unit tests; the app loads each JSON file as its own chunk (lib/i18n). */
import audit from './audit.json';
import auth from './auth.json';
import catalog from './catalog.json';
import common from './common.json';
import dashboard from './dashboard.json';
import errors from './errors.json';
import layout from './layout.json';
import list from './list.json';
import notifications from './notifications.json';
import org from './org.json';
import payments from './payments.json';
import people from './people.json';
import procurement from './procurement.json';
import purchasing from './purchasing.json';
import reports from './reports.json';
import returns from './returns.json';
import sales from './sales.json';
import serverMessages from './server-messages.json';
import settings from './settings.json';
import site from './site.json';

/** Namespaces of this language. */
export const resources = {
  audit,
  auth,
  catalog,
  common,
  dashboard,
  errors,
  layout,
  list,
  notifications,
  org,
  payments,
  people,
  procurement,
  purchasing,
  reports,
  returns,
  sales,
  settings,
  site,
  'server-messages': serverMessages,
};
