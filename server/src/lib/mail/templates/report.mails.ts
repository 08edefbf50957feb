import type { LanguageCode } from '@tagtrack/contract';
import type { MailTemplate } from './mail-template.js';

/**
 * A scheduled report's run, to its recipients (docs/reports.md, Recipients): its CSV attached, or
 * (beyond the attachment limit) linked through the report's history. `time` is the run's time on
 * the wall clock of the report's zone, which `zone` names.
 */
export const REPORT_MAILS: Record<LanguageCode, { reportRunAttached: MailTemplate; reportRunLinked: MailTemplate }> = {
  en: {
    reportRunAttached: {
      subject: 'Report {{report}}',
      paragraphs: [
        'The scheduled report {{report}} ran at {{time}} ({{zone}}): {{rows}} rows.',
        'The CSV file {{file}} is attached.',
        'The report’s history in the Tagtrack console: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Report {{report}}',
      paragraphs: [
        'The scheduled report {{report}} ran at {{time}} ({{zone}}): {{rows}} rows.',
        'The CSV file {{file}} is too large to attach. Download it from the report’s history in the Tagtrack console: {{link}}',
      ],
    },
  },
  cs: {
    reportRunAttached: {
      subject: 'Přehled {{report}}',
      paragraphs: [
        'Plánovaný přehled {{report}} proběhl v {{time}} ({{zone}}): {{rows}} řádků.',
        'Soubor CSV {{file}} je přiložen.',
        'Historie přehledu v konzoli Tagtrack: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Přehled {{report}}',
      paragraphs: [
        'Plánovaný přehled {{report}} proběhl v {{time}} ({{zone}}): {{rows}} řádků.',
        'Soubor CSV {{file}} je příliš velký na přiložení. Stáhněte si ho z historie přehledu v konzoli Tagtrack: {{link}}',
      ],
    },
  },
  da: {
    reportRunAttached: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Den planlagte rapport {{report}} kørte {{time}} ({{zone}}): {{rows}} rækker.',
        'CSV-filen {{file}} er vedhæftet.',
        'Rapportens historik i Tagtrack-konsollen: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Den planlagte rapport {{report}} kørte {{time}} ({{zone}}): {{rows}} rækker.',
        'CSV-filen {{file}} er for stor til at blive vedhæftet. Hent den fra rapportens historik i Tagtrack-konsollen: {{link}}',
      ],
    },
  },
  de: {
    reportRunAttached: {
      subject: 'Bericht {{report}}',
      paragraphs: [
        'Der geplante Bericht {{report}} lief am {{time}} ({{zone}}): {{rows}} Zeilen.',
        'Die CSV-Datei {{file}} ist angehängt.',
        'Der Verlauf des Berichts in der Tagtrack-Konsole: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Bericht {{report}}',
      paragraphs: [
        'Der geplante Bericht {{report}} lief am {{time}} ({{zone}}): {{rows}} Zeilen.',
        'Die CSV-Datei {{file}} ist zu groß für einen Anhang. Laden Sie sie im Verlauf des Berichts in der Tagtrack-Konsole herunter: {{link}}',
      ],
    },
  },
  es: {
    reportRunAttached: {
      subject: 'Informe {{report}}',
      paragraphs: [
        'El informe programado {{report}} se ejecutó el {{time}} ({{zone}}): {{rows}} filas.',
        'Se adjunta el archivo CSV {{file}}.',
        'El historial del informe en la consola de Tagtrack: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Informe {{report}}',
      paragraphs: [
        'El informe programado {{report}} se ejecutó el {{time}} ({{zone}}): {{rows}} filas.',
        'El archivo CSV {{file}} es demasiado grande para adjuntarlo. Descárguelo del historial del informe en la consola de Tagtrack: {{link}}',
      ],
    },
  },
  fr: {
    reportRunAttached: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Le rapport programmé {{report}} a été exécuté le {{time}} ({{zone}}) : {{rows}} lignes.',
        'Le fichier CSV {{file}} est joint.',
        'L’historique du rapport dans la console Tagtrack : {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Le rapport programmé {{report}} a été exécuté le {{time}} ({{zone}}) : {{rows}} lignes.',
        'Le fichier CSV {{file}} est trop volumineux pour être joint. Téléchargez-le depuis l’historique du rapport dans la console Tagtrack : {{link}}',
      ],
    },
  },
  hu: {
    reportRunAttached: {
      subject: 'Jelentés: {{report}}',
      paragraphs: [
        'A(z) {{report}} ütemezett jelentés lefutott: {{time}} ({{zone}}), {{rows}} sor.',
        'A(z) {{file}} CSV-fájl csatolva.',
        'A jelentés előzményei a Tagtrack konzolban: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Jelentés: {{report}}',
      paragraphs: [
        'A(z) {{report}} ütemezett jelentés lefutott: {{time}} ({{zone}}), {{rows}} sor.',
        'A(z) {{file}} CSV-fájl túl nagy a csatoláshoz. Töltse le a jelentés előzményeiből a Tagtrack konzolban: {{link}}',
      ],
    },
  },
  it: {
    reportRunAttached: {
      subject: 'Report {{report}}',
      paragraphs: [
        'Il report pianificato {{report}} è stato eseguito il {{time}} ({{zone}}): {{rows}} righe.',
        'Il file CSV {{file}} è allegato.',
        'La cronologia del report nella console Tagtrack: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Report {{report}}',
      paragraphs: [
        'Il report pianificato {{report}} è stato eseguito il {{time}} ({{zone}}): {{rows}} righe.',
        'Il file CSV {{file}} è troppo grande per essere allegato. Scaricalo dalla cronologia del report nella console Tagtrack: {{link}}',
      ],
    },
  },
  nl: {
    reportRunAttached: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Het geplande rapport {{report}} is uitgevoerd op {{time}} ({{zone}}): {{rows}} rijen.',
        'Het CSV-bestand {{file}} is bijgevoegd.',
        'De geschiedenis van het rapport in de Tagtrack-console: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Het geplande rapport {{report}} is uitgevoerd op {{time}} ({{zone}}): {{rows}} rijen.',
        'Het CSV-bestand {{file}} is te groot om bij te voegen. Download het uit de geschiedenis van het rapport in de Tagtrack-console: {{link}}',
      ],
    },
  },
  no: {
    reportRunAttached: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Den planlagte rapporten {{report}} kjørte {{time}} ({{zone}}): {{rows}} rader.',
        'CSV-filen {{file}} er vedlagt.',
        'Rapportens historikk i Tagtrack-konsollen: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Den planlagte rapporten {{report}} kjørte {{time}} ({{zone}}): {{rows}} rader.',
        'CSV-filen {{file}} er for stor til å legges ved. Last den ned fra rapportens historikk i Tagtrack-konsollen: {{link}}',
      ],
    },
  },
  pl: {
    reportRunAttached: {
      subject: 'Raport {{report}}',
      paragraphs: [
        'Zaplanowany raport {{report}} został wykonany {{time}} ({{zone}}): wiersze: {{rows}}.',
        'Plik CSV {{file}} jest w załączniku.',
        'Historia raportu w konsoli Tagtrack: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Raport {{report}}',
      paragraphs: [
        'Zaplanowany raport {{report}} został wykonany {{time}} ({{zone}}): wiersze: {{rows}}.',
        'Plik CSV {{file}} jest zbyt duży, aby go załączyć. Pobierz go z historii raportu w konsoli Tagtrack: {{link}}',
      ],
    },
  },
  sk: {
    reportRunAttached: {
      subject: 'Prehľad {{report}}',
      paragraphs: [
        'Plánovaný prehľad {{report}} prebehol {{time}} ({{zone}}): {{rows}} riadkov.',
        'Súbor CSV {{file}} je priložený.',
        'História prehľadu v konzole Tagtrack: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Prehľad {{report}}',
      paragraphs: [
        'Plánovaný prehľad {{report}} prebehol {{time}} ({{zone}}): {{rows}} riadkov.',
        'Súbor CSV {{file}} je príliš veľký na priloženie. Stiahnite si ho z histórie prehľadu v konzole Tagtrack: {{link}}',
      ],
    },
  },
  sv: {
    reportRunAttached: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Den schemalagda rapporten {{report}} kördes {{time}} ({{zone}}): {{rows}} rader.',
        'CSV-filen {{file}} är bifogad.',
        'Rapportens historik i Tagtrack-konsolen: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Rapport {{report}}',
      paragraphs: [
        'Den schemalagda rapporten {{report}} kördes {{time}} ({{zone}}): {{rows}} rader.',
        'CSV-filen {{file}} är för stor för att bifogas. Ladda ner den från rapportens historik i Tagtrack-konsolen: {{link}}',
      ],
    },
  },
  tr: {
    reportRunAttached: {
      subject: 'Rapor {{report}}',
      paragraphs: [
        'Zamanlanmış {{report}} raporu {{time}} ({{zone}}) tarihinde çalıştı: {{rows}} satır.',
        '{{file}} CSV dosyası ektedir.',
        'Raporun Tagtrack konsolundaki geçmişi: {{link}}',
      ],
    },
    reportRunLinked: {
      subject: 'Rapor {{report}}',
      paragraphs: [
        'Zamanlanmış {{report}} raporu {{time}} ({{zone}}) tarihinde çalıştı: {{rows}} satır.',
        '{{file}} CSV dosyası eklenemeyecek kadar büyük. Dosyayı Tagtrack konsolundaki rapor geçmişinden indirin: {{link}}',
      ],
    },
  },
};
