import { posix } from 'node:path';

export const DOCUMENTS_DIR = '/srv/shop/documents';
export const ATTACHMENTS_DIR = '/srv/shop/attachments';

/** The server's disk as the file routes see it: the shop's folders and a few system files. */
const FILES: Record<string, string> = {
  [`${DOCUMENTS_DIR}/catalog.txt`]: 'Corner Shop catalogue, spring edition.\n',
  [`${DOCUMENTS_DIR}/shipping.txt`]: 'Orders ship within two working days.\n',
  [`${DOCUMENTS_DIR}/returns.txt`]: 'Return anything within 30 days.\n',
  [`${ATTACHMENTS_DIR}/terms.txt`]: 'Terms of sale.\n',
  [`${ATTACHMENTS_DIR}/privacy.txt`]: 'How we keep your data.\n',
  '/etc/passwd': [
    'root:x:0:0:root:/root:/bin/bash',
    'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin',
    'www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin',
    'shop:x:1000:1000:Corner Shop:/srv/shop:/bin/bash',
    '',
  ].join('\n'),
  '/etc/hosts': '127.0.0.1\tlocalhost\n10.0.3.7\tdb.internal\n',
};

/** What a careless route reads: the name resolved against the folder, `../` and absolute paths included. */
export function readResolved(folder: string, name: string): string | undefined {
  return FILES[posix.resolve(folder, name)];
}

/** What a careful route reads: a plain file name in the folder, undefined for anything that names a path. */
export function readInFolder(folder: string, name: string): string | undefined | 'refused' {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) return 'refused';
  return FILES[`${folder}/${name}`];
}
