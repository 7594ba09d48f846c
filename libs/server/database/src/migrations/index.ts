import { Foundation1763800000000 } from './1763800000000-foundation';
import { Projects1763900000000 } from './1763900000000-projects';
import { QueryHistory1764000000000 } from './1764000000000-query-history';
import { ColorPalettes1764100000000 } from './1764100000000-color-palettes';
import { Spaces1764200000000 } from './1764200000000-spaces';
import { ProjectGroupAccess1764200000001 } from './1764200000001-project-group-access';
import { SavedCharts1764250000000 } from './1764250000000-saved-charts';
import { Dashboards1764260000000 } from './1764260000000-dashboards';
import { SavedSqlCharts1764270000000 } from './1764270000000-saved-sql-charts';
import { Catalog1764300000000 } from './1764300000000-catalog';
import { PreAggregates1764400000000 } from './1764400000000-pre-aggregates';
import { QueryHistoryPreAggregate1764500000000 } from './1764500000000-query-history-pre-aggregate';
import { PreAggregateObjectKeys1764500000001 } from './1764500000001-pre-aggregate-object-keys';
import { AccessChangeLog1764600000000 } from './1764600000000-access-change-log';
import { OrganizationScopedEmails1764731000000 } from './1764731000000-organization-scoped-emails';

/** Every migration, oldest first. Migrations are explicit SQL; schema sync is never used. */
export const MIGRATIONS = [
  Foundation1763800000000,
  Projects1763900000000,
  QueryHistory1764000000000,
  ColorPalettes1764100000000,
  Spaces1764200000000,
  ProjectGroupAccess1764200000001,
  SavedCharts1764250000000,
  Dashboards1764260000000,
  SavedSqlCharts1764270000000,
  Catalog1764300000000,
  PreAggregates1764400000000,
  QueryHistoryPreAggregate1764500000000,
  PreAggregateObjectKeys1764500000001,
  AccessChangeLog1764600000000,
  OrganizationScopedEmails1764731000000,
];
