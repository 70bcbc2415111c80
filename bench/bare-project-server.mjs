// The baseline of the /v2/project budget: a bare node http server that answers one project row, by
// slug or id, from the same database as JSON. No framework, no access checks, no serialization rules.
import http from 'node:http'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const port = Number(process.env.BARE_PORT ?? 3199)

http
  .createServer(async (req, res) => {
    const key = decodeURIComponent((req.url ?? '').split('/').pop() ?? '')
    const { rows } = await pool.query('SELECT * FROM projects WHERE slug = $1 OR id = $1 LIMIT 1', [key])
    res.writeHead(rows.length ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify(rows[0] ?? null))
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'))
