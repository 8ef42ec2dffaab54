import { EventEmitter } from 'node:events';

/** A terminal's stdin as KeyStream uses it: raw mode, encoding, and a `data` event per read. */
export class FakeTerminal extends EventEmitter {
  isRaw = false;
  setRawMode(raw: boolean) {
    this.isRaw = raw;
    return this;
  }
  setEncoding() {
    return this;
  }
  pause() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  /** One read of the terminal. */
  type(data: string) {
    this.emit('data', data);
  }
}
