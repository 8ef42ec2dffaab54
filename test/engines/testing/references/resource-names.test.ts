import { describe, expect, it } from 'vitest';
import {
  fieldNamesFor,
  isCollectionPath,
  isReferenceName,
  nameResource,
  pathParameterResource,
  pathResource,
} from '../../../../src/engines/testing/references/resource-names.js';

describe('what names say about resources', () => {
  it('knows a reference by its suffix, not by letters that happen to end a word', () => {
    for (const name of ['id', 'ID', 'customerId', 'customerID', 'customer_id', 'customer-id', 'CUSTOMER_ID', 'orderKey', 'order_key', 'userUuid', 'key'])
      expect(isReferenceName(name), name).toBe(true);
    for (const name of ['paid', 'valid', 'monkey', 'turkey', 'android', 'name', 'ident', 'keyring']) expect(isReferenceName(name), name).toBe(false);
  });

  it('reads the resource a reference names, singular and without separators', () => {
    expect(nameResource('customerId')).toBe('customer');
    expect(nameResource('customer_id')).toBe('customer');
    expect(nameResource('lineItemId')).toBe('lineitem');
    expect(nameResource('categoriesKey')).toBe('category');
    expect(nameResource('id')).toBeUndefined();
    expect(nameResource('name')).toBeUndefined();
  });

  it("reads a path's resource from its last literal segment, and a parameter's from its name or the segment before it", () => {
    expect(pathResource('/customers')).toBe('customer');
    expect(pathResource('/customers/{id}/orders/{orderId}')).toBe('order');
    expect(pathResource('/line-items')).toBe('lineitem');
    expect(pathResource('/')).toBeUndefined();
    expect(isCollectionPath('/customers/{id}/orders')).toBe(true);
    expect(isCollectionPath('/customers/{id}')).toBe(false);
    expect(pathParameterResource('/customers/{id}', 'id')).toBe('customer');
    expect(pathParameterResource('/shops/{shopId}/items/{sku}', 'shopId')).toBe('shop');
    expect(pathParameterResource('/shops/{shopId}/items/{sku}', 'sku')).toBe('item');
    expect(pathParameterResource('/v1/{ownerId}', 'ownerId')).toBe('owner');
  });

  it('looks a reference up by its own name, then without its resource, then by its suffix', () => {
    expect(fieldNamesFor('customerId', 'customer')).toEqual(['customerId', 'id']);
    expect(fieldNamesFor('petName', 'pet')).toEqual(['petName', 'name']);
    expect(fieldNamesFor('customer_key', 'customer')).toEqual(['customer_key', 'key']);
    expect(fieldNamesFor('sku', 'item')).toEqual(['sku']);
    expect(fieldNamesFor('id', 'customer')).toEqual(['id']);
  });
});
