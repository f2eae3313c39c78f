import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { RECOGNITION_CODES, recognitionLabels } from '@common/fiscal-attests.js';
import { failureMessages } from '@common/messages.js';
import {
  LOGO_MAX_BYTES,
  SIGNATURE_IMAGE_MAX_BYTES,
  settingsMessages,
  settingsPayload,
  type SettingsPayload,
  type SettingsRecord,
} from '@common/schemas/settings.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SelectField, TextField, useSchemaForm } from '../../components/form.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { SaveButton } from '../../components/SaveButton.js';
import { SectionCard } from '../../components/SectionCard.js';
import { withServerFieldErrors } from '../../components/server-field-errors.js';
import { useSaveCycle } from '../../components/useSaveCycle.js';
import { useSettingsForm, useUpdateSettings } from './api/season-api.js';
import { SafetySheetSettingsCard } from './SafetySheetSettingsCard.js';

/** Beheer › Instellingen: the organiser's data that mails, attests and payment codes use. */
export default function SettingsPage() {
  const settings = useSettingsForm();
  if (settings.isPending) return <LoadingLine />;
  if (settings.isError) return <ErrorAlert message="Niet gelukt om de instellingen op te halen. Probeer opnieuw." />;
  return (
    <>
      <SettingsForm settings={settings.data} />
      <Row>
        <Col lg={6}>
          <SafetySheetSettingsCard />
        </Col>
      </Row>
    </>
  );
}

const blank = (v: string | number | null) => (v === null ? '' : String(v));

function SettingsForm({ settings }: { settings: SettingsRecord }) {
  const form = useSchemaForm(settingsPayload, {
    ...Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, blank(v)])),
  } as Record<keyof SettingsRecord, string>);
  const update = useUpdateSettings();
  const cycle = useSaveCycle(failureMessages.save);
  const onSubmit = form.handleSubmit((values) => cycle.run(() => withServerFieldErrors(form, update.mutateAsync(values))));

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <h1 className="h3 mb-3">Instellingen</h1>
        <ErrorAlert message={cycle.error} />
      </div>
      <Row>
        <Col lg={6}>
          <SectionCard title="Organisator">
            <TextField form={form} name="ORGANISER_NAME" label="Naam" required />
            <TextField form={form} name="ORGANISER_ADDRESS" label="Adres" as="textarea" rows={2} />
            <TextField form={form} name="ORGANISER_COMPANY_NUMBER" label="Ondernemingsnummer (KBO)" hint="Bijvoorbeeld 0123.456.749" />
            <TextField form={form} name="ORGANISER_BELCOTAX_REFERENCE" label="Belcotax-referentie" />
            <TextField form={form} name="ORGANISER_IBAN" label="Rekeningnummer (IBAN)" required />
            <TextField form={form} name="ORGANISER_BIC" label="BIC" />
            <ImageField
              form={form}
              name="ORGANISER_LOGO"
              label="Logo voor de inschrijvingswebsite (PNG of JPEG, hoogstens 100 kB)"
              alt="Logo"
              maxBytes={LOGO_MAX_BYTES}
              tooLarge={settingsMessages.logoTooLarge}
            />
          </SectionCard>
          <SectionCard title="Belcotax-aangifte">
            <p className="small text-body-secondary">
              Wie de FOD Financiën contacteert over het Belcotax-bestand van de fiscale attesten. Het bestand heeft alle drie nodig.
            </p>
            <TextField form={form} name="BELCOTAX_CONTACT_NAME" label="Contactpersoon" hint="Hoogstens 34 tekens." />
            <TextField form={form} name="BELCOTAX_CONTACT_PHONE" label="Telefoonnummer" type="tel" hint="Bijvoorbeeld 09 123 45 67." />
            <TextField
              form={form}
              name="BELCOTAX_CONTACT_EMAIL"
              label="Mailadres"
              type="email"
              hint="Hier komt het resultaat van de verwerking."
            />
          </SectionCard>
        </Col>
        <Col lg={6}>
          <SectionCard title="Mails en website">
            <TextField form={form} name="MAIL_FROM" label="Afzender van de mails" required hint="Kampen <kampen@voorbeeld.be>" />
            <TextField form={form} name="PUBLIC_SITE_URL" label="Website voor inschrijvingen" required hint="De basis van voucherlinks." />
          </SectionCard>
          <SectionCard title="Betalingsherinneringen">
            <TextField form={form} name="REMINDER_INTERVAL_DAYS" label="Minimum dagen tussen twee herinneringen" type="number" />
            <TextField form={form} name="REMINDER_MAX_COUNT" label="Maximum aantal herinneringen" type="number" />
          </SectionCard>
          <SectionCard title="Fiscale attesten">
            <SelectField
              form={form}
              name="RECOGNITION_CODE"
              label="Erkend, gesubsidieerd of gecontroleerd door"
              placeholder="Niemand (geen fiscale attesten)"
              options={RECOGNITION_CODES.map((code) => ({ value: code, label: `${code}. ${recognitionLabels[code]}` }))}
            />
            <TextField form={form} name="CERTIFYING_AUTHORITY" label="Certificerende overheid" />
            <TextField form={form} name="CERTIFYING_AUTHORITY_ADDRESS" label="Adres certificerende overheid" as="textarea" rows={2} />
            <TextField form={form} name="CERTIFYING_AUTHORITY_COMPANY_NUMBER" label="Ondernemingsnummer certificerende overheid" />
            <TextField
              form={form}
              name="FISCAL_DAILY_MAXIMUMS"
              label="Fiscaal dagmaximum per inkomstenjaar"
              as="textarea"
              rows={3}
              hint="Per regel een jaar en het bedrag van de FOD Financiën, bijvoorbeeld 2023: 15,70."
            />
            <TextField form={form} name="SIGNATORY_NAME" label="Naam ondertekenaar" />
            <TextField form={form} name="SIGNATORY_CAPACITY" label="Hoedanigheid ondertekenaar" />
            <ImageField
              form={form}
              name="SIGNATURE_IMAGE"
              label="Handtekening (PNG of JPEG)"
              alt="Handtekening"
              maxBytes={SIGNATURE_IMAGE_MAX_BYTES}
              tooLarge={settingsMessages.signatureImageTooLarge}
            />
          </SectionCard>
        </Col>
      </Row>
      <SaveButton state={cycle.state} />
    </form>
  );
}

/** An image of the settings (PNG or JPEG up to `maxBytes`), kept in the form as a data URL, with its preview. */
function ImageField(props: {
  form: ReturnType<typeof useSchemaForm<typeof settingsPayload>>;
  name: 'SIGNATURE_IMAGE' | 'ORGANISER_LOGO';
  label: string;
  alt: string;
  maxBytes: number;
  tooLarge: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const image = props.form.watch(props.name) as SettingsPayload['SIGNATURE_IMAGE'];
  const read = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setError(settingsMessages.signatureImage);
    if (file.size > props.maxBytes) return setError(props.tooLarge);
    const reader = new FileReader();
    reader.onload = () => props.form.setValue(props.name, String(reader.result), { shouldDirty: true });
    reader.readAsDataURL(file);
  };
  return (
    <>
      <Form.Group className="mb-2" controlId={`image-${props.name}`}>
        <Form.Label>{props.label}</Form.Label>
        <Form.Control
          type="file"
          accept="image/png,image/jpeg"
          isInvalid={!!error}
          onChange={(e) => read((e.target as HTMLInputElement).files?.[0])}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      {image && (
        <div className="d-flex align-items-center gap-2 mb-2">
          <img src={image} alt={props.alt} style={{ maxHeight: '5rem' }} className="border p-1" />
          <Button variant="outline-secondary" size="sm" onClick={() => props.form.setValue(props.name, '', { shouldDirty: true })}>
            {props.alt} verwijderen
          </Button>
        </div>
      )}
    </>
  );
}
