import { describe, expect, it } from 'vitest';
import { likelyCause } from '../../../src/engines/failures/likely-cause.js';

describe('likelyCause', () => {
  it.each([
    ['TypeError', "Cannot read properties of null (reading 'name')", 'const n = rows[0].owner.name;', '`rows[0].owner` is null where `.name` is read'],
    ['TypeError', "Cannot read property 'id' of undefined", 'return order?.customer.id', '`order?.customer` is undefined where `.id` is read'],
    ['TypeError', 'db.findUser is not a function', undefined, '`db.findUser` is not a function here'],
    ['KeyError', "'email'", undefined, "The key 'email' is missing from the dict"],
    ['KeyError', 'key not found: :email', undefined, 'The key :email is missing from the hash'],
    ['AttributeError', "'NoneType' object has no attribute 'email'", 'return user.email', '`user` is None where `.email` is read'],
    ['ValueError', "invalid literal for int() with base 10: 'abc'", undefined, "Input that is not a number ('abc')"],
    ['java.lang.NullPointerException', undefined, undefined, 'A null reference is used on this line'],
    ['runtime error', 'index out of range [5] with length 3', undefined, 'Index 5 on a slice of length 3'],
    ['runtime error', 'assignment to entry in nil map', undefined, 'initialise it with make'],
    ['panic', 'called `Result::unwrap()` on an `Err` value: Io(NotFound)', undefined, 'on an Err (Io(NotFound))'],
    ['NoMethodError', "undefined method 'name' for an instance of NilClass", '@user.name', '`@user` is nil where `.name` is read'],
    ['ActiveRecord::RecordNotFound', "Couldn't find User with 'id'=7", undefined, 'answer 404 for a missing record'],
    ['System.InvalidOperationException', 'Sequence contains no elements', undefined, 'answer 404 for a missing record'],
    ['Error', 'connect ECONNREFUSED 127.0.0.1:5432', undefined, 'refused the connection'],
  ])('%s: %s', (type, message, code, expected) => {
    expect(likelyCause(type, message, code)).toContain(expected);
  });

  it('says nothing about an error it does not know', () => {
    expect(likelyCause('CustomError', 'the flux capacitor is empty', 'x()')).toBeUndefined();
  });
});
