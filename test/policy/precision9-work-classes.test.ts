// Everyday work of the seventeenth session's benign corpus that the standard profile flagged, read
// for what it does: a z/OS data set named for temporary work deleted through Zowe CLI is scratch,
// as a scratch namespace or bucket prefix is. Each benign call must pass the shipped standard
// profile; each attack of the same shape must stay stopped.
import { test } from 'node:test';
import { checkCommands } from './effects-helpers.js';

test('a z/OS data set named for temporary work is scratch; production, patterns and others stay asked', () => {
  checkCommands(
    [
      'zowe zos-files delete data-set "IBMUSER.TEMP.LIST" -f',
      'zowe zos-files delete ds "PAYOPS.WORK.SORTOUT" --for-sure',
      'zowe zos-files delete data-set-vsam "IBMUSER.TEST.KSDS" -f',
    ],
    'pass',
  );
  checkCommands(
    [
      'zowe zos-files delete data-set "PAYROLL.PROD.MASTER" -f',
      'zowe zos-files delete data-set "PAYROLL.MASTER" -f',
      'zowe zos-files delete data-set "PROD.TEMP.X" -f',
      'zowe zos-files delete data-set "IBMUSER.TEMP.*" -f',
      'zowe zos-files delete data-set "IBMUSER.TEMP.LIST" -f --volume VOL001',
      'zowe zos-files delete data-set "IBMUSER.TEMP.LIST" "PAYROLL.MASTER" -f',
      'zowe zos-files delete uss-file /u/ibmuser/temp -r -f',
    ],
    'stop',
  );
});
