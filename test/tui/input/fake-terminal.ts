import { EventEmitter } from 'node:events';

/** A terminal's stdin as KeyStream uses it: raw mode, encoding, and a `data` event per read. */
export class FakeTerminal extends EventEmitter {
  isRaw = false;
  /** As a real stream: paused explicitly (inquirer's readline leaves it so), it stays paused until resumed. */
  paused = false;
  setRawMode(raw: boolean) {
    this.isRaw = raw;
    return this;
  }
  setEncoding() {
    return this;
  }
  pause() {
    this.paused = true;
    return this;
  }
  resume() {
    this.paused = false;
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
