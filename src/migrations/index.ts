import * as migration_20261121_214331_initial from './20261121_214331_initial';

export const migrations = [
  {
    up: migration_20261121_214331_initial.up,
    down: migration_20261121_214331_initial.down,
    name: '20261121_214331_initial'
  },
];
