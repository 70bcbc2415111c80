import * as migration_20261121_213117_initial from './20261121_213117_initial';

export const migrations = [
  {
    up: migration_20261121_213117_initial.up,
    down: migration_20261121_213117_initial.down,
    name: '20261121_213117_initial'
  },
];
