// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeCreateSchema } from '../../shared/schemas/place-form.ts';
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
