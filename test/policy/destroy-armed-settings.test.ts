// Settings and code a tool acts on by itself (src/policy/effects/armed-settings.ts): an
// application told to drop its schema on start, a wipe in a dbt hook, an Airflow task or a Flyway
// callback, a GitOps definition allowed to prune production. Each class has members beyond the
// cases that found it, and benign look-alikes (development and test settings, routine hooks,
// staging loads, development GitOps apps) that must pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, decide, type Case } from './effects-helpers.js';
import { dropsOnStart, gitopsPrune, scheduledWipe } from '../../src/policy/effects/armed-settings.js';

const P = '/home/dev/project';
const R = `${P}/src/main/resources`;
const e = (want: Case[0], path: string, old_string: string, new_string: string): Case => [
  want,
  'edit',
  { path, old_string, new_string },
];
const w = (want: Case[0], path: string, content: string): Case => [want, 'write', { path, content }];

test('a production configuration that drops or cleans the schema on start is asked; development and test ones pass', () => {
  check([
    e('A', `${R}/application-prod.yml`, '      ddl-auto: validate', '      ddl-auto: create-drop'),
    e(
      'A',
      `${R}/application-prod.properties`,
      'spring.jpa.hibernate.ddl-auto=none',
      'spring.jpa.hibernate.ddl-auto=create',
    ),
    e(
      'A',
      `${R}/application-prod.properties`,
      'spring.flyway.clean-disabled=true',
      'spring.flyway.clean-disabled=false\nspring.flyway.clean-on-validation-error=true',
    ),
    e(
      'A',
      `${R}/application-production.yml`,
      '    liquibase:\n      enabled: true',
      '    liquibase:\n      enabled: true\n      drop-first: true',
    ),
    e(
      'A',
      `${R}/application.properties`,
      '%prod.quarkus.hibernate-orm.database.generation=validate',
      '%prod.quarkus.hibernate-orm.database.generation=drop-and-create',
    ),
    e(
      'A',
      `${P}/helm/values-prod.yaml`,
      '  SPRING_JPA_HIBERNATE_DDL_AUTO: validate',
      '  SPRING_JPA_HIBERNATE_DDL_AUTO: create-drop',
    ),
    e(
      'A',
      `${R}/META-INF/persistence.xml`,
      '<property name="hibernate.hbm2ddl.auto" value="validate"/>',
      '<property name="hibernate.hbm2ddl.auto" value="create-drop"/>',
    ),
    e('A', `${P}/.env.production`, 'TYPEORM_SYNCHRONIZE=false', 'TYPEORM_SYNCHRONIZE=true\nTYPEORM_DROP_SCHEMA=true'),
    w('A', `${P}/src/db.ts`, 'await sequelize.sync({ force: true });\napp.listen(3000);\n'),
    e('B', `${R}/application-dev.yml`, '      ddl-auto: update', '      ddl-auto: create-drop'),
    e('B', `${P}/src/test/resources/application-test.properties`, 'a=1', 'spring.jpa.hibernate.ddl-auto=create-drop'),
    e('B', `${R}/application-prod.yml`, '      ddl-auto: none', '      ddl-auto: validate'),
    e(
      'B',
      `${R}/application-prod.properties`,
      'spring.flyway.clean-disabled=false',
      'spring.flyway.clean-disabled=true',
    ),
    e(
      'B',
      `${R}/application.properties`,
      '%dev.quarkus.hibernate-orm.database.generation=none',
      '%dev.quarkus.hibernate-orm.database.generation=drop-and-create',
    ),
    w('B', `${P}/src/config/database.test.ts`, 'export default { synchronize: true, dropSchema: true };\n'),
    e('B', `${R}/application-prod.yml`, '      maximum-pool-size: 10', '      maximum-pool-size: 20'),
  ]);
  assert.deepEqual(dropsOnStart('application.yml', 'ddl-auto: create', 'ddl-auto: create\nx: 1'), []);
});

test('a wipe written into a dbt hook, a scheduled task or a Flyway callback is asked; routine hooks and loads pass', () => {
  const model = (config: string) => `{{ config(${config}) }}\nselect * from {{ ref('stg') }}\n`;
  const dag = (sql: string) =>
    `from airflow import DAG\nfrom airflow.providers.postgres.operators.postgres import PostgresOperator\nwith DAG('m') as dag:\n    PostgresOperator(task_id='t', sql=${sql})\n`;
  check([
    w(
      'A',
      `${P}/dbt/models/marts/fct.sql`,
      model(`materialized='table', pre_hook="DROP SCHEMA IF EXISTS {{ target.database }}.snapshots CASCADE"`),
    ),
    w(
      'A',
      `${P}/dbt/models/marts/fct.sql`,
      model(`post_hook="truncate table {{ target.database }}.snapshots.orders_snapshot"`),
    ),
    w('A', `${P}/dbt/models/marts/dim.sql`, model(`pre_hook='delete from {{ target.schema }}.customers_history'`)),
    e(
      'A',
      `${P}/dbt/dbt_project.yml`,
      'on-run-start:\n  - "{{ log(1) }}"',
      'on-run-start:\n  - "{{ log(1) }}"\n  - "drop schema if exists analytics cascade"',
    ),
    w('A', `${P}/dags/maint.py`, dag(`'TRUNCATE TABLE orders, payments CASCADE'`)),
    w('A', `${P}/dags/reset.py`, dag(`'DROP DATABASE ANALYTICS'`)),
    w('A', `${P}/src/main/resources/db/callback/beforeMigrate.sql`, 'DROP SCHEMA public CASCADE;\n'),
    w('B', `${P}/dbt/models/marts/fct.sql`, model(`post_hook="grant select on {{ this }} to role reporter"`)),
    w('B', `${P}/dbt/models/marts/fct.sql`, model(`pre_hook="truncate table {{ this }}"`)),
    w(
      'B',
      `${P}/dbt/models/marts/daily.sql`,
      model(`materialized='incremental', incremental_strategy='delete+insert'`),
    ),
    w('B', `${P}/dags/load.py`, dag(`"DELETE FROM staging.events WHERE ds = '{{ ds }}'"`)),
    w('B', `${P}/dags/stage.py`, dag(`'TRUNCATE TABLE staging.tmp_load'`)),
    w(
      'B',
      `${P}/dbt/macros/drop_ci_schema.sql`,
      '{% macro drop_ci() %}drop schema if exists {{ target.schema }}_ci cascade{% endmacro %}\n',
    ),
    w(
      'B',
      `${P}/scripts/reset_local.py`,
      "import psycopg\npsycopg.connect('').execute('DROP SCHEMA public CASCADE')\n",
    ),
  ]);
  assert.equal(scheduledWipe(`${P}/tests/dags/test_reset.py`, dag(`'DROP DATABASE X'`)), null);
});

test('a GitOps definition allowed to prune production is asked; development apps and ordinary edits pass', () => {
  check([
    e(
      'A',
      `${P}/argocd/apps/billing-prod.yaml`,
      '    automated:\n      prune: false',
      '    automated:\n      prune: true',
    ),
    e(
      'A',
      `${P}/clusters/prod/apps.yaml`,
      '  path: ./apps/prod\n  prune: false',
      '  path: ./apps/empty\n  prune: true',
    ),
    e('A', `${P}/argocd/apps/orders-prod.yaml`, '      allowEmpty: false', '      allowEmpty: true'),
    e(
      'A',
      `${P}/argocd/apps/ledger.yaml`,
      '  annotations:\n    argocd.argoproj.io/sync-options: Prune=false\n',
      '  annotations: {}\n',
    ),
    e('A', `${P}/argocd/apps/search-prod.yaml`, '    path: deploy/overlays/prod', '    path: deploy/overlays/empty'),
    e(
      'B',
      `${P}/argocd/apps/billing-dev.yaml`,
      '    automated:\n      prune: false',
      '    automated:\n      prune: true',
    ),
    e('B', `${P}/argocd/apps/billing-prod.yaml`, '    targetRevision: v1.2.3', '    targetRevision: v1.2.4'),
    w(
      'B',
      `${P}/argocd/apps/billing-staging.yaml`,
      'kind: Application\nspec:\n  syncPolicy:\n    automated:\n      prune: true\n',
    ),
    e('B', `${P}/.gitconfig-team`, '[fetch]\n  prune = false', '[fetch]\n  prune = true'),
  ]);
  assert.equal(gitopsPrune(`${P}/clusters/dev/apps.yaml`, 'prune: false', 'prune: true'), null);
  assert.match(
    decide('edit', { path: `${P}/argocd/apps/x-prod.yaml`, old_string: 'prune: false', new_string: 'prune: true' })
      .message,
    /GitOps controller/,
  );
});
