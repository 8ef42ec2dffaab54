import { describe, expect, it } from 'vitest';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { referenceSlots, slotLabel, slotPlaceholder, slotResource, slotSchema } from '../../../../src/engines/testing/references/reference-slots.js';
import { caseOf, ingestedSpec, operationOf } from '../generate/generation-fixtures.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import { happyValues } from '../../../../src/engines/testing/generate/happy-values.js';
import { SeededRandom } from '../../../../src/engines/testing/generate/seeded-random.js';

describe('reference slots', () => {
  it('finds each path parameter, a body field named like a reference, an id inside a named object, and a body id that repeats the path', async () => {
    const spec = await ingestedSpec('references-shapes-3.0.yaml');
    const context = { spec, validator: await SpecSchemaValidator.load(spec.schemas), random: new SeededRandom(1) };
    const invoice = operationOf(spec, 'createInvoice');
    const slots = referenceSlots(happyValues(invoice, context, true)!, spec);
    expect(slots).toEqual([
      { in: 'body', name: 'id', field: ['customer', 'id'] },
      { in: 'body', name: 'productId', field: ['lines', 0, 'productId'] },
    ]);
    expect(slots.map(slotLabel)).toEqual(['body customer.id', 'body lines[0].productId']);
    expect(slots.map(slotPlaceholder)).toEqual(['ref.customer.id', 'ref.lines.0.productId']);
    expect(slots.map((slot) => slotResource(slot, invoice))).toEqual(['customer', 'product']);
    expect(slotSchema(slots[1]!, invoice, spec)).toEqual({ type: 'string', pattern: '^p-[0-9]+$' });

    const replace = operationOf(spec, 'replaceCustomer');
    const replaceSlots = referenceSlots(happyValues(replace, context, true)!, spec);
    expect(replaceSlots).toEqual([
      { in: 'path', name: 'customerId' },
      { in: 'body', name: 'id', field: ['id'], sameAs: 'customerId' },
    ]);
    // The body's id is sent as the path's: one value for both.
    expect(replaceSlots.map(slotPlaceholder)).toEqual(['ref.customerId', 'ref.customerId']);
  });

  it('are kept by every case that still sends the valid value there, and dropped where a case changed it', async () => {
    const spec = await ingestedSpec('references-3.0.yaml');
    const cases = await generateCases(spec, spec.operations);
    const customerId = { in: 'body', name: 'customerId', field: ['customerId'] };
    expect(caseOf(cases, 'createOrder/happy/valid').references).toEqual([customerId]);
    expect(caseOf(cases, 'createOrder/boundary/quantity-maximum').references).toEqual([customerId]);
    expect(caseOf(cases, 'createOrder/negative/item-missing').references).toEqual([customerId]);
    // The boundary and negative cases of the reference itself send their own value.
    expect(caseOf(cases, 'createOrder/boundary/customerId-minimum').references).toBeUndefined();
    expect(caseOf(cases, 'createOrder/negative/customerId-missing').references).toBeUndefined();
    expect(caseOf(cases, 'getOrder/happy/valid').references).toEqual([{ in: 'path', name: 'orderId' }]);
    expect(caseOf(cases, 'getOrder/negative/path-orderId-wrong-type').references).toBeUndefined();
    // A fuzz case keeps its path and its body's reference; a chain step what the chain does not set itself.
    expect(caseOf(cases, 'createOrder/fuzz/inputs').references).toEqual([customerId]);
    expect(caseOf(cases, 'createOrder/stateful/create').references).toEqual([customerId]);
    expect(caseOf(cases, 'getOrder/stateful/read-created').references).toBeUndefined();
    expect(caseOf(cases, 'listOrders/happy/valid').references).toBeUndefined();
  });
});
