// Losses read by what is lost, whatever the spelling: source of every kind (contracts, game
// assets, build definitions), shared network storage, refs turned into delete refspecs by a
// listing, archived repositories, Git LFS rewrites, migrations reverted to nothing, the undo of a
// bucket or database switched off, and wipe migrations run by hand on production. Each stopping
// reading has look-alikes that pass. D: deny, A: stopped (deny or ask), B: passes.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('every source file of a kind deleted is stopped, for contracts, hardware, shaders and game assets too', () => {
  check([
    x('A', "find ~/project -name '*.unity' -delete"),
    x('A', 'find /home/dev/project -type f -name "*.sol" -exec rm {} +'),
    x('A', 'rm -f contracts/*.sol'),
    x('A', "find . -name '*.gd' -delete"),
    x('A', "find Assets -name '*.prefab' -exec rm -f {} +"),
    x('A', "find rtl -name '*.sv' -delete"),
    x('A', 'truncate -s 0 shaders/water.glsl'),
    // build output, editor backups and caches of the same projects pass
    x('B', "find . -name '*.blend1' -delete"),
    x('B', "find Library -name '*.meta~' -delete"),
    x('B', "find . -name '*.o' -delete"),
    x('B', 'rm -f artifacts/*.json'),
    x('B', 'rm contracts/Old.sol'),
  ]);
});

test('a build definition emptied by name is stopped; documents emptied and rewritten ones pass', () => {
  check([
    ['A', 'write', { path: '/home/dev/project/CMakeLists.txt', content: '' }],
    ['A', 'write', { path: 'Makefile', content: '' }],
    ['A', 'write', { path: 'package.json', content: '' }],
    x('A', ': > Cargo.toml'),
    x('A', 'truncate -s 0 pom.xml'),
    ['B', 'write', { path: 'CMakeLists.txt', content: 'cmake_minimum_required(VERSION 3.20)\nproject(x)\n' }],
    ['B', 'write', { path: 'notes.txt', content: '' }],
    x('B', ': > build.log'),
  ]);
});

test("CMake's command mode deletes like rm", () => {
  check([
    x('D', 'cmake -E remove_directory /home/dev/project/src'),
    x('D', 'cmake -E rm -rf ~/project'),
    x('A', 'cmake -E remove_directory src'),
    x('B', 'cmake -E remove_directory build'),
    x('B', 'cmake -E make_directory build'),
    x('B', 'cmake -E copy_if_different a.h include/a.h'),
  ]);
});

test('deletes and lock-outs on shared network storage are stopped; reading it and per-user scratch pass', () => {
  check([
    x('A', 'rm -rf /nfs/lab/shared/raw_data/*'),
    x('A', "find /nfs/lab -name '*.h5' -mtime +30 -delete"),
    x('A', 'rm -f /nfs/lab/shared/mlflow.db && mlflow db upgrade sqlite:////nfs/lab/shared/mlflow.db'),
    x('A', 'chmod -R 000 /nfs/lab/shared'),
    x('A', 'rm -rf /gpfs/projects/genomics/run42'),
    x('A', 'shred -u /lustre/group/ckpt/model.pt'),
    x('A', 'python3 -c "import shutil; shutil.rmtree(\'/net/fileserver/share/data\')"'),
    x('B', "find /nfs/lab/shared/datasets -maxdepth 2 -name '*.parquet' -size +1G"),
    x('B', 'df -h /home /nfs/lab'),
    x('B', 'cp /nfs/lab/shared/datasets/a.parquet data/'),
    x('B', 'chmod -R g+rw /nfs/lab/shared/mine'),
    x('B', 'rm -rf /scratch/dev/tmp'),
    x('B', 'rm -rf /tmp/scratch'),
  ]);
});

test('refs a listing turns into delete refspecs and pushes are deletes of every ref', () => {
  check([
    x('D', "git push origin $(git tag | sed 's/^/:refs\\/tags\\//')"),
    x('D', 'git branch -r | grep -v HEAD | sed "s#origin/#:#" | xargs git push origin'),
    x('D', 'git tag | awk \'{print ":"$1}\' | xargs git push origin'),
    x('D', "git tag | sed 's/^/:/' | grep -v v2 | xargs git push origin"),
    x('D', "git push origin $(git branch -r | sed 's|origin/|:|')"),
    // the same listings pushing the refs themselves
    x('B', "git push origin $(git tag | sed 's/^/refs\\/tags\\//')"),
    x('B', 'git branch -r | grep -v HEAD | sed "s#origin/##" | xargs -n1 git push upstream'),
    x('B', "git tag | sed 's/^v//' | sort -V | tail -1"),
  ]);
});

test('a repository archived is asked; reading and unarchiving pass', () => {
  check([
    x('A', 'gh repo archive maint/tool --yes'),
    x('A', 'gh api -X PATCH repos/acme/platform-infra -f archived=true'),
    x('A', 'glab api -X POST projects/42/archive'),
    x('B', 'gh api -X PATCH repos/acme/platform-infra -F archived=false'),
    x('B', 'glab repo archive acme/x'),
    x('B', 'gh repo view acme/x --json isArchived'),
    x('B', 'gh repo unarchive acme/x --yes'),
  ]);
});

test('Git LFS history rewrites and prunes that keep no remote copy are asked; routine LFS work passes', () => {
  check([
    x('A', 'git lfs prune --verify-remote=false --recent && git lfs push --all origin --force'),
    x('A', "git lfs prune --force && git lfs migrate export --everything --include='*.h5'"),
    x('A', "git lfs migrate import --everything --include='*.psd'"),
    x('A', 'git lfs prune -f'),
    x('B', 'git lfs prune'),
    x('B', 'git lfs prune --verify-remote'),
    x('B', 'git lfs migrate info --everything'),
    x('B', 'git lfs migrate import --no-rewrite big.bin'),
    x('B', "git lfs pull --include 'testdata/*'"),
  ]);
});

test('migrations reverted to nothing, undo switched off, and wipe migrations run by hand on production', () => {
  check([
    x('D', 'python manage.py migrate app zero'),
    x('D', 'django-admin migrate billing zero'),
    x('A', 'aws s3api put-bucket-versioning --bucket lab-raw --versioning-configuration Status=Suspended'),
    x('A', 'gsutil versioning set off gs://lab-raw'),
    x('A', 'aws rds modify-db-instance --db-instance-identifier app --backup-retention-period 0'),
    x('A', 'aws rds modify-db-cluster --db-cluster-identifier app --no-deletion-protection'),
    x('A', 'psql -h prod-db.internal -U admin registry -f migrations/0043_drop_legacy.sql'),
    x('A', 'mysql -h prod-mysql app < migrations/V12__drop_old_table.sql'),
    x('B', 'python manage.py migrate app 0003'),
    x('B', 'python manage.py migrate --settings=config.settings.test app zero'),
    x('B', 'aws s3api put-bucket-versioning --bucket lab-raw --versioning-configuration Status=Enabled'),
    x('B', 'gsutil versioning set on gs://lab-raw'),
    x('B', 'aws rds modify-db-instance --db-instance-identifier app --backup-retention-period 7'),
    // a change run by hand on production is not a destruction, but it is a production change (asked)
    x('A', 'psql -h prod-db.internal -U admin registry -f migrations/0043_add_index.sql'),
    x('B', 'psql -h localhost -U admin registry -f migrations/0043_drop_legacy.sql'),
    x('A', 'psql -d prod -f migrations/003_drop_old_index.sql'),
    x('A', 'psql -d prod -f migrations/005_drop_fk_orders.sql'),
  ]);
});

test('a blanker xargs runs on what a listing names empties every listed file', () => {
  check([
    x('A', 'git ls-files -z | xargs -0 -n50 sed -i "1,\\$d"'),
    x('A', "find src -name '*.ts' | xargs sed -i '1,$d'"),
    x('A', "git ls-files | grep -v README | xargs perl -pi -e 's/.*//s'"),
    x('B', "git ls-files '*.py' | xargs sed -i 's/foo/bar/g'"),
    x('B', "git ls-files | grep -v README | xargs sed -i '/^DEBUG/d'"),
    x('B', "find . -name '*.log' | xargs truncate -s 0"),
  ]);
});

test('a key that exists only as its file, deleted by any program, is asked; rebuildable ones pass', () => {
  check([
    x('A', 'shred -uz ~/project/android/app/upload-keystore.jks'),
    x('A', 'rm android/app/release.keystore'),
    x('A', 'rm -f certs/AuthKey_ABC.p8'),
    x('A', 'find ~/.electrum/wallets -type f -delete'),
    x('A', 'python3 -c "import os; os.remove(\'vault.kdbx\')"'),
    x('B', 'rm ~/.android/debug.keystore'),
    x('B', 'rm build/app.apk'),
    x('B', 'rm -rf android/app/build'),
  ]);
});

test('a `while read` loop over a listing binds its variable to every listed file, as a for loop does', () => {
  check([
    x('A', 'find ~ -maxdepth 2 -name "*.sqlite" | while read f; do : > "$f"; done'),
    x('A', 'git ls-files | while read -r f; do : > "$f"; done'),
    x('B', 'find . -name \'*.log\' | while read f; do rm "$f"; done'),
    x('B', 'find . -name \'*.py\' | while read -r f; do wc -l "$f"; done'),
    x('B', 'ls | while read d; do du -sh "$d"; done'),
  ]);
});

test("every batch job of an account cancelled on a cluster is asked; one's own queue and single jobs pass", () => {
  check([
    x('A', 'scancel -u labmate2'),
    x('A', 'scancel --user=bob --state=RUNNING'),
    x('A', 'qdel -u alice'),
    x('A', 'bkill -u bob 0'),
    x('B', 'scancel -u $USER'),
    x('B', 'scancel -u $(whoami) --name=sweep'),
    x('B', 'scancel 12345'),
    x('B', 'squeue -u labmate2'),
  ]);
});
