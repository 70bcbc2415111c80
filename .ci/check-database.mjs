// CI: can the tests use this Postgres? Connects with the URL (argv[2]), runs SELECT 1, and creates
// and drops a scratch database (every test run creates its own). Exit 0 when all worked; otherwise
// prints why and exits 1, and .ci/run falls back to the embedded database.
import pg from 'pg'

const url = process.argv[2]
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, query_timeout: 10_000 })
const scratch = `bf_ci_probe_${process.pid}`
try {
  await client.connect()
  await client.query('SELECT 1')
  await client.query(`CREATE DATABASE ${scratch}`)
  await client.query(`DROP DATABASE ${scratch}`)
  await client.end()
  console.log(`Postgres at ${new URL(url).host} accepts connections and CREATE DATABASE`)
} catch (e) {
  console.log(`Postgres at ${url.replace(/\/\/[^@]*@/, '//***@')} is not usable for the tests: ${e.message}`)
  process.exit(1)
}
