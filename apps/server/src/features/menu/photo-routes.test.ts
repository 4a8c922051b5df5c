import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { uploadedPhoto } from '@tableside/contracts/menu-admin'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, startTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { signInAsManager } from '../../test/test-restaurants'

/**
 * Photos are reachable from every node without a shared disk (issue 26, decision 0106): two
 * nodes on one database, each with a data directory of its own.
 */
describe.each(testDatabaseKinds)('Uploaded photos on every node, on $name', (kind) => {
  let a: TestApp
  let b: TestApp
  const dirs: string[] = []

  beforeAll(async () => {
    for (const node of ['a', 'b']) dirs.push(await mkdtemp(join(tmpdir(), `tableside-${node}-`)))
    a = await createTestApp(kind, { DATA_DIR: dirs[0] ?? '' })
    b = await startTestApp(a.database, { DATA_DIR: dirs[1] ?? '' })
  })
  afterAll(async () => {
    await b.app.close()
    await a.close()
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  /** A photo uploaded through node A by the demo's manager: its 640 WebP's address. */
  const uploadOnA = async (background: string) => {
    const { token } = await signInAsManager(a.app)
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer()
    const response = await a.app.inject({
      method: 'POST',
      url: '/api/v1/admin/menu/photos',
      headers: { [MANAGER_TOKEN_HEADER]: token, 'content-type': 'image/jpeg' },
      payload: jpeg,
    })
    expect(response.statusCode, response.body).toBe(201)
    return uploadedPhoto.parse(response.json()).url
  }

  it('serves a photo uploaded on one node from another, cached for good with an ETag', async () => {
    const url = await uploadOnA('#aa5522')
    const served = await b.app.inject({ url })
    expect(served.statusCode).toBe(200)
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(served.rawPayload.length),
    })
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640)
    const etag = String(served.headers.etag)
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    // Node A, which stored it, gives the same bytes and the same ETag.
    const fromA = await a.app.inject({ url })
    expect(fromA.rawPayload.equals(served.rawPayload)).toBe(true)
    expect(fromA.headers.etag).toBe(etag)

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await b.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } })
      expect(again.statusCode, ifNoneMatch).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
    }
    const changed = await b.app.inject({ url, headers: { 'if-none-match': '"other"' } })
    expect(changed.statusCode).toBe(200)
    const head = await b.app.inject({ method: 'HEAD', url: url.replace('640.webp', '320.avif') })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/avif')
    expect(head.body).toBe('')

    // Neither node wrote a file.
    for (const dir of dirs) expect(await readdir(dir)).not.toContain('photos')
  })

  it('keeps photos it served in memory: they do not ask the database again', async () => {
    const url = await uploadOnA('#2255aa')
    expect((await b.app.inject({ url })).statusCode).toBe(200)
    const [restaurantId = '', hash = ''] = url.replace('/media/photos/', '').split('/')
    await a.database.db
      .deleteFrom('media')
      .where('restaurantId', '=', restaurantId)
      .where('name', 'like', `${hash}/%`)
      .execute()
    // B answers from its memory; A never served it, so it asks the database, which lacks it now.
    expect((await b.app.inject({ url })).statusCode).toBe(200)
    expect((await a.app.inject({ url })).statusCode).toBe(404)
  })

  it('answers 404 for what is not a stored photo, and reads no path it is given', async () => {
    const url = await uploadOnA('#55aa22')
    const [, , , restaurant = '', hash = ''] = url.split('/')
    for (const missing of [
      `/media/photos/${restaurant}/${'0'.repeat(24)}/640.webp`,
      `/media/photos/other/${hash}/640.webp`,
      `/media/photos/${restaurant}/${hash}/641.webp`,
      `/media/photos/${restaurant}/${hash}/640.png`,
      `/media/photos/${restaurant}/${hash}/..%2F..%2F..%2Fapi%2Fv1%2Fhealth`,
      `/media/photos/${restaurant}/..%2F${hash}/640.webp`,
      `/media/photos/Demo!/${hash}/640.webp`,
    ]) {
      const response = await b.app.inject({ url: missing })
      expect(response.statusCode, missing).toBe(404)
      expect(errorBody.parse(response.json()).error.code, missing).toBe('not_found')
      expect(response.headers['cache-control'], missing).toBeUndefined()
    }
  })
})
