import * as migration_20261121_213117_initial from './20261121_213117_initial';
import * as migration_20261121_213302_cascade from './20261121_213302_cascade';

export const migrations = [
  {
    up: migration_20261121_213117_initial.up,
    down: migration_20261121_213117_initial.down,
    name: '20261121_213117_initial',
  },
  {
    up: migration_20261121_213302_cascade.up,
    down: migration_20261121_213302_cascade.down,
    name: '20261121_213302_cascade'
  },
];
