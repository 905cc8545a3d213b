import { SPREADSHEET_KINDS, type SpreadsheetKind } from '@funil/shared';
import { CheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useImportWizard, WIZARD_STEPS, type WizardStep } from '../hooks/use-import-wizard';
import { kindFromParam, paramFromKind } from '../utils/import-path';
import { ChooseStep } from './choose-step';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { ReportStep } from './report-step';

type ImportWizardProps = {
  /** Whether the user may import the prospectus's offerings (only then is it offered). */
  canImportProspectus?: boolean;
};

/**
 * /importar?tipo=marcas|oportunidades|contatos|prospecto: the import wizard — the file, its columns,
 * the rows as they would be written, then what was written. Nothing is saved before "Importar N
 * linhas". A kind the user may not import is not offered (its address opens brands).
 */
export function ImportWizard({ canImportProspectus = false }: ImportWizardProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const kinds = SPREADSHEET_KINDS.filter((option) => option !== 'offerings' || canImportProspectus);
  const requested = kindFromParam(searchParams.get('tipo'));
  const kind = kinds.includes(requested) ? requested : 'brands';
  const wizard = useImportWizard(kind);
  const setKind = (next: SpreadsheetKind) =>
    setSearchParams({ tipo: paramFromKind(next) }, { replace: true });

  const { focusHeading } = wizard;

  return (
    <div className="grid min-w-0 gap-4">
      <WizardProgress step={wizard.step} />
      <Card className="min-w-0">
        <CardContent className="min-w-0">
          {wizard.step === 'choose' && (
            <ChooseStep
              kind={kind}
              kinds={kinds}
              onKindChange={setKind}
              initialFile={wizard.file}
              analysing={wizard.pending === 'analyse'}
              serverError={wizard.error}
              onAnalyse={(file) => void wizard.analyse(file)}
              focusHeading={focusHeading}
            />
          )}
          {wizard.step === 'mapping' && wizard.result && (
            <MappingStep
              kind={kind}
              mapping={wizard.mapping}
              result={wizard.result}
              csv={wizard.csv}
              analysing={wizard.pending === 'analyse'}
              error={wizard.error}
              movedFrom={wizard.movedFrom}
              onChange={wizard.changeField}
              onBack={() => wizard.goTo('choose')}
              onNext={() => wizard.goTo('preview')}
              focusHeading={focusHeading}
            />
          )}
          {wizard.step === 'preview' && wizard.result && wizard.file && (
            <PreviewStep
              kind={kind}
              fileName={wizard.file.name}
              result={wizard.result}
              mapping={wizard.mapping}
              onDuplicate={wizard.onDuplicate}
              onDuplicateChange={wizard.setOnDuplicate}
              pending={wizard.pending}
              error={wizard.error}
              onBack={() => wizard.goTo('mapping')}
              onConfirm={() => void wizard.commit()}
              focusHeading={focusHeading}
            />
          )}
          {wizard.step === 'report' && wizard.report && (
            <ReportStep
              kind={kind}
              report={wizard.report}
              onAgain={wizard.reset}
              focusHeading={focusHeading}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The four steps, the current one marked for sight (colour and weight) and for screen readers. */
function WizardProgress({ step }: { step: WizardStep }) {
  const { t } = useTranslation('spreadsheets');
  const current = WIZARD_STEPS.indexOf(step);
  return (
    <nav aria-label={t('wizard.stepOf', { current: current + 1, total: WIZARD_STEPS.length })}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {WIZARD_STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === current ? 'step' : undefined}
            className={cn(
              'flex items-center gap-1.5',
              index === current ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex size-6 items-center justify-center rounded-full border text-xs tabular-nums',
                index === current && 'border-primary bg-primary text-primary-foreground',
                index < current && 'border-primary text-primary',
              )}
            >
              {index < current ? <CheckIcon className="size-3.5" /> : index + 1}
            </span>
            {t(`wizard.steps.${name}`)}
            {index < WIZARD_STEPS.length - 1 && (
              <span aria-hidden className="mx-1 h-px w-4 bg-border sm:w-8" />
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
