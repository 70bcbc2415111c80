import * as migration_20261121_215356_initial from './20261121_215356_initial';
import * as migration_20261121_220000_search_index from './20261121_220000_search_index';
import * as migration_20261121_224905_license_fields from './20261121_224905_license_fields';

export const migrations = [
  {
    up: migration_20261121_215356_initial.up,
    down: migration_20261121_215356_initial.down,
    name: '20261121_215356_initial',
  },
  {
    up: migration_20261121_220000_search_index.up,
    down: migration_20261121_220000_search_index.down,
    name: '20261121_220000_search_index',
  },
  {
    up: migration_20261121_224905_license_fields.up,
    down: migration_20261121_224905_license_fields.down,
    name: '20261121_224905_license_fields'
  },
];
