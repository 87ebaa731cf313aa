import { describe, expect, it } from 'vitest';
import { i18n, inSentence } from './i18n';

describe('names inside a sentence', () => {
  it('Spanish writes an entity in sentence case inside buttons, titles and questions; English keeps its capitals', () => {
    const es = i18n.getFixedT('es', 'list');
    const en = i18n.getFixedT('en', 'list');
    expect(es('add', { entity: 'Compra' })).toBe('Agregar compra');
    expect(es('add', { entity: 'Orden de compra' })).toBe('Agregar orden de compra');
    expect(es('deleteTitle', { entity: 'Cliente' })).toBe('Eliminar cliente');
    expect(es('rejectTitle', { entity: 'Venta' })).toBe('Rechazar venta');
    expect(es('rejectSelectedTitle', { entity: 'Compra', count: 2 })).toBe('Rechazar 2 registros (compra)');
    expect(es('emptyAdd', { entity: 'Proveedor' })).toBe('Todavía no hay registros. Agregue el primero (proveedor) para empezar.');
    // Where the name opens the sentence it keeps its capital.
    expect(es('saved', { entity: 'Compra' })).toBe('Compra: registro guardado');
    expect(en('add', { entity: 'Purchase Order' })).toBe('Add Purchase Order');
    expect(i18n.getFixedT('es', 'audit')('recordFilter', { record: 'Orden recibida #4' })).toBe('Solo orden recibida #4');
  });

  it('leaves acronyms and non-text values alone', () => {
    expect(inSentence('UVT #3', 'es')).toBe('UVT #3');
    expect(inSentence('NIT', 'es')).toBe('NIT');
    expect(inSentence('Élite', 'es')).toBe('élite');
    expect(inSentence(7, 'es')).toBe('7');
  });
});
