// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { useForm, type Resolver } from 'react-hook-form';
import { withArabicNameFallback } from './form-values.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeCreateSchema } from '../../shared/schemas/place-form-schemas.ts';
import { getSystem } from '../ui/system.ts';
import { emptyPlaceForm, type PlaceFormValues } from './form-values.ts';
import { PlaceFormFields, type PlaceFormText } from './place-form-fields.tsx';

/** The shared place form (admin console and contributors) rendered in a form on the shared schema. */
function Harness({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm<PlaceFormValues>({ resolver: zodResolver(placeCreateSchema) as never, defaultValues: emptyPlaceForm });
  return (
    <ChakraProvider value={getSystem()}>
      <form noValidate onSubmit={form.handleSubmit((values) => onValid(placeCreateSchema.parse(values)))}>
        <PlaceFormFields
          form={form}
          text={(key: PlaceFormText) => `t:${key}`}
          errorText={(message) => (message ? `e:${message}` : undefined)}
          categories={[{ id: 7, label: 'Cafés' }]}
          zones={[{ id: 3, label: 'Olaya' }]}
          upload={async () => '/uploads/places/x.png'}
        />
        <button type="submit">save</button>
      </form>
    </ChakraProvider>
  );
}

afterEach(cleanup);

describe('PlaceFormFields', () => {
  it('labels every field with the form’s texts and offers the categories and zones', () => {
    render(<Harness onValid={() => {}} />);
    for (const key of ['fields.name', 'fields.nameAr', 'fields.category', 'fields.phone', 'fields.websiteUrl', 'fields.youtubeUrl']) {
      expect(screen.getAllByText(`t:${key}`).length, key).toBeGreaterThan(0);
    }
    expect(screen.getByRole('option', { name: 'Cafés' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Olaya' })).toBeTruthy();
  });

  it('shows the shared schema’s messages next to the fields and submits nothing invalid', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    fireEvent.change(screen.getAllByRole('textbox')[0], { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.getByText('e:Name is required')).toBeTruthy(), { timeout: 15_000 });
    expect(screen.getByText('e:select category')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('submits the compacted payload once the required fields are valid', async () => {
    const onValid = vi.fn();
    const { container } = render(<Harness onValid={onValid} />);
    fireEvent.change(screen.getAllByRole('textbox')[0], { target: { value: ' Blue Bottle ' } });
    const category = container.querySelector('select[name="categoryId"]') as HTMLSelectElement;
    fireEvent.change(category, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(onValid.mock.calls[0][0]).toEqual({ name: 'Blue Bottle', categoryId: 7 });
  });
});

/** Arabic pages (issue 30): the Arabic fields first, and the Arabic name alone is the natural path. */
describe('PlaceFormFields in Arabic', () => {
  function ArabicHarness({ onValid }: { onValid: (values: unknown) => void }) {
    const form = useForm<PlaceFormValues>({
      resolver: (values, context, options) => (zodResolver(placeCreateSchema) as never as Resolver<PlaceFormValues>)(withArabicNameFallback(values), context, options),
      defaultValues: emptyPlaceForm,
    });
    return (
      <ChakraProvider value={getSystem()}>
        <form noValidate onSubmit={form.handleSubmit((values) => onValid(placeCreateSchema.parse(withArabicNameFallback(values))))}>
          <PlaceFormFields form={form} text={(key: PlaceFormText) => `t:${key}`} errorText={(message) => (message ? `e:${message}` : undefined)}
            categories={[{ id: 7, label: 'مقاهي' }]} zones={[]} upload={async () => '/uploads/places/x.png'} nameOptionalHelper="optional" />
          <button type="submit">save</button>
        </form>
      </ChakraProvider>
    );
  }

  it('puts the Arabic name, manager and address before their English twins; the Arabic name is the required one', async () => {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({ lng: 'ar', resources: { ar: { common: {} } }, ns: ['common'], defaultNS: 'common' });
    const onValid = vi.fn();
    const { container } = render(<I18nextProvider i18n={i18n}><ArabicHarness onValid={onValid} /></I18nextProvider>);
    const names = [...container.querySelectorAll('input[name]')].map((i) => i.getAttribute('name'));
    const before = (a: string, b: string) => expect(names.indexOf(a), `${a} before ${b}`).toBeLessThan(names.indexOf(b));
    expect(names[0]).toBe('nameAr');
    before('nameAr', 'name');
    before('managerNameAr', 'managerName');
    before('addressAr', 'address');
    expect((container.querySelector('input[name="nameAr"]') as HTMLInputElement).required || container.querySelector('input[name="nameAr"]')?.getAttribute('aria-required') === 'true').toBe(true);
    // nothing given: the missing name is said under the Arabic name
    fireEvent.change(container.querySelector('select[name="categoryId"]') as HTMLSelectElement, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.getByText('e:Name is required')).toBeTruthy(), { timeout: 15_000 });
    // an Arabic-only submission passes: the Arabic name is the API's name too
    fireEvent.change(container.querySelector('input[name="nameAr"]') as HTMLInputElement, { target: { value: 'مقهى الورد' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled(), { timeout: 15_000 });
    expect(onValid.mock.calls[0]![0]).toMatchObject({ name: 'مقهى الورد', nameAr: 'مقهى الورد', categoryId: 7 });
  });
});
