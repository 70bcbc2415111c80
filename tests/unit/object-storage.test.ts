import { describe, expect, it } from 'vitest'

import { objectKey, objectStorageSettings } from '../../src/lib/files/objectStorage'
import { signedResponseHeaders, storedMimeType } from '../../src/lib/files/storageRedirect'

describe('objectStorageSettings', () => {
  it('is off without a bucket', () => {
    expect(objectStorageSettings({})).toBeNull()
    expect(objectStorageSettings({ S3_BUCKET: '  ', S3_ENDPOINT: 'http://s3' })).toBeNull()
  })

  it('reads the bucket, region, endpoint, keys and path style', () => {
    const settings = objectStorageSettings({ S3_BUCKET: 'files', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'https://s3.example.net', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' })
    expect(settings).toMatchObject({ bucket: 'files', config: { region: 'eu-west-1', endpoint: 'https://s3.example.net', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } } })
  })

  it('defaults to us-east-1, virtual-host URLs and the AWS default credentials', () => {
    const settings = objectStorageSettings({ S3_BUCKET: 'files' })!
    expect(settings.config).toMatchObject({ region: 'us-east-1', forcePathStyle: false })
    expect(settings.config.credentials).toBeUndefined()
    expect(settings.config.endpoint).toBeUndefined()
  })

  it('refuses one key without the other', () => {
    expect(() => objectStorageSettings({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/together/)
  })
})

describe('objectKey', () => {
  it('puts each collection under its own prefix, as the local folders', () => {
    expect(objectKey('version-files', 'mod-1.0.jar')).toBe('files/mod-1.0.jar')
    expect(objectKey('images', 'icon-96x96.webp')).toBe('images/icon-96x96.webp')
  })
})

describe('signed download headers', () => {
  const doc = { filename: 'shot.png', mimeType: 'image/png', sizes: { icon: { filename: 'shot-96x96.webp', mimeType: 'image/webp' }, card: { filename: null, mimeType: null } } }

  it('finds the stored type of the file or of one of its sizes', () => {
    expect(storedMimeType(doc, 'shot.png')).toBe('image/png')
    expect(storedMimeType(doc, 'shot-96x96.webp')).toBe('image/webp')
    expect(storedMimeType(doc, 'other.png')).toBeUndefined()
  })

  it('sends a version file as a download under its name', () => {
    expect(signedResponseHeaders('version-files', 'lamps 1.0.jar', 'application/java-archive')).toEqual({ disposition: 'attachment; filename="lamps 1.0.jar"' })
    expect(signedResponseHeaders('version-files', 'lämps.jar', undefined)).toEqual({ disposition: `attachment; filename="l_mps.jar"; filename*=UTF-8''l%C3%A4mps.jar` })
  })

  it('shows raster images inline by their type and anything else as an opaque download', () => {
    expect(signedResponseHeaders('images', 'a.png', 'image/png')).toEqual({ contentType: 'image/png' })
    expect(signedResponseHeaders('images', 'a.svg', 'image/svg+xml')).toEqual({ disposition: 'attachment; filename="a.svg"', contentType: 'application/octet-stream' })
    expect(signedResponseHeaders('images', 'a.bin', undefined)).toEqual({ disposition: 'attachment; filename="a.bin"', contentType: 'application/octet-stream' })
  })
})
