import { PGlite } from '@electric-sql/pglite';
const a = new PGlite();
await a.exec('create table t(x int); insert into t values (1),(2)');
let t=performance.now();
const img = await a.dumpDataDir('gzip');
console.log('size', img.size, img.type, img.name, performance.now()-t);
await a.close();
const b = new PGlite({ loadDataDir: new Blob([await img.arrayBuffer()]) });
console.log((await b.query('select count(*) from t')).rows);
