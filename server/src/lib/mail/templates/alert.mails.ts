import type { LanguageCode } from '@tagtrack/contract';
import type { MailTemplate } from './mail-template.js';

/**
 * Alerts (docs/sensors.md, Notifications): a sensor monitoring event's e-mail and SMS (the SMS is
 * the first paragraph of `sensorAlertSms`, its subject unused), and the e-mails administrators get
 * when a fixed reader goes offline and comes back. Times are UTC; `value` and `range` (the allowed
 * range written with symbols: "2.00 – 8.00 °C", "≥ 2.00 °C", "≤ 8.00 °C") come with their numbers
 * in the recipient's language (`formatMeasurement`, `formatLimits` of the contract).
 */
export const ALERT_MAILS: Record<
  LanguageCode,
  { sensorAlert: MailTemplate; sensorAlertSms: MailTemplate; readerOffline: MailTemplate; readerOnline: MailTemplate }
> = {
  en: {
    sensorAlert: {
      subject: 'Alert: {{rule}}',
      paragraphs: [
        'The event {{rule}} was raised.',
        'Sensor {{sensor}} ({{product}}) at {{location}} measured {{value}} at {{time}} UTC. Allowed range: {{range}}.',
        'The alert is listed under Latest Active Events in the Tagtrack console.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack alert {{rule}}: {{sensor}} ({{product}}) at {{location}} measured {{value}} at {{time}} UTC, allowed {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Reader {{reader}} is offline',
      paragraphs: [
        'The fixed reader {{reader}} ({{serial}}) at {{location}} has sent no heartbeat since {{time}} UTC.',
        'Check its power and network connection. You will get another message when it is back online.',
      ],
    },
    readerOnline: {
      subject: 'Reader {{reader}} is back online',
      paragraphs: [
        'The fixed reader {{reader}} ({{serial}}) at {{location}} has been sending heartbeats again since {{time}} UTC.',
      ],
    },
  },
  cs: {
    sensorAlert: {
      subject: 'Výstraha: {{rule}}',
      paragraphs: [
        'Byla vyvolána událost {{rule}}.',
        'Senzor {{sensor}} ({{product}}) v lokaci {{location}} naměřil {{value}} v {{time}} UTC. Povolený rozsah: {{range}}.',
        'Výstraha je uvedena v přehledu „Nejnovější aktivní události“ v konzoli Tagtrack.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Výstraha Tagtrack {{rule}}: senzor {{sensor}} ({{product}}) v lokaci {{location}} naměřil {{value}} v {{time}} UTC, povoleno {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Čtečka {{reader}} je offline',
      paragraphs: [
        'Pevná čtečka {{reader}} ({{serial}}) v lokaci {{location}} od {{time}} UTC neposlala žádný heartbeat.',
        'Zkontrolujte její napájení a síťové připojení. Jakmile bude opět online, dostanete další zprávu.',
      ],
    },
    readerOnline: {
      subject: 'Čtečka {{reader}} je opět online',
      paragraphs: ['Pevná čtečka {{reader}} ({{serial}}) v lokaci {{location}} od {{time}} UTC opět posílá heartbeat.'],
    },
  },
  da: {
    sensorAlert: {
      subject: 'Alarm: {{rule}}',
      paragraphs: [
        'Hændelsen {{rule}} er blevet udløst.',
        'Sensor {{sensor}} ({{product}}) på {{location}} målte {{value}} den {{time}} UTC. Tilladt interval: {{range}}.',
        'Alarmen vises under "Seneste aktive hændelser" i Tagtrack-konsollen.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack-alarm {{rule}}: {{sensor}} ({{product}}) på {{location}} målte {{value}} den {{time}} UTC, tilladt {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Læser {{reader}} er offline',
      paragraphs: [
        'Den faste læser {{reader}} ({{serial}}) på {{location}} har ikke sendt noget heartbeat siden {{time}} UTC.',
        'Kontrollér strømforsyningen og netværksforbindelsen. Du får en ny besked, når den er online igen.',
      ],
    },
    readerOnline: {
      subject: 'Læser {{reader}} er online igen',
      paragraphs: [
        'Den faste læser {{reader}} ({{serial}}) på {{location}} har igen sendt heartbeats siden {{time}} UTC.',
      ],
    },
  },
  de: {
    sensorAlert: {
      subject: 'Alarm: {{rule}}',
      paragraphs: [
        'Das Ereignis {{rule}} wurde ausgelöst.',
        'Sensor {{sensor}} ({{product}}) am Standort {{location}} hat am {{time}} UTC {{value}} gemessen. Zulässiger Bereich: {{range}}.',
        'Der Alarm wird in der Tagtrack-Konsole unter „Neueste aktive Ereignisse“ angezeigt.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack-Alarm {{rule}}: {{sensor}} ({{product}}) am Standort {{location}} hat am {{time}} UTC {{value}} gemessen, zulässig {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Lesegerät {{reader}} ist offline',
      paragraphs: [
        'Das feste Lesegerät {{reader}} ({{serial}}) am Standort {{location}} hat seit {{time}} UTC keinen Heartbeat mehr gesendet.',
        'Prüfen Sie die Stromversorgung und die Netzwerkverbindung. Sobald es wieder online ist, erhalten Sie eine weitere Nachricht.',
      ],
    },
    readerOnline: {
      subject: 'Lesegerät {{reader}} ist wieder online',
      paragraphs: [
        'Das feste Lesegerät {{reader}} ({{serial}}) am Standort {{location}} sendet seit {{time}} UTC wieder Heartbeats.',
      ],
    },
  },
  es: {
    sensorAlert: {
      subject: 'Alerta: {{rule}}',
      paragraphs: [
        'Se ha activado el evento {{rule}}.',
        'El sensor {{sensor}} ({{product}}) en {{location}} midió {{value}} el {{time}} UTC. Rango permitido: {{range}}.',
        'La alerta aparece en «Últimos eventos activos» en la consola de Tagtrack.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Alerta de Tagtrack {{rule}}: {{sensor}} ({{product}}) en {{location}} midió {{value}} el {{time}} UTC, permitido {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'El lector {{reader}} está sin conexión',
      paragraphs: [
        'El lector fijo {{reader}} ({{serial}}) en {{location}} no ha enviado ningún heartbeat desde el {{time}} UTC.',
        'Compruebe su alimentación eléctrica y su conexión de red. Recibirá otro mensaje cuando vuelva a estar en línea.',
      ],
    },
    readerOnline: {
      subject: 'El lector {{reader}} vuelve a estar en línea',
      paragraphs: [
        'El lector fijo {{reader}} ({{serial}}) en {{location}} vuelve a enviar heartbeats desde el {{time}} UTC.',
      ],
    },
  },
  fr: {
    sensorAlert: {
      subject: 'Alerte : {{rule}}',
      paragraphs: [
        "L'événement {{rule}} a été déclenché.",
        "Le capteur {{sensor}} ({{product}}) à l'emplacement {{location}} a mesuré {{value}} le {{time}} UTC. Plage autorisée : {{range}}.",
        "L'alerte figure sous « Derniers événements actifs » dans la console Tagtrack.",
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        "Alerte Tagtrack {{rule}} : {{sensor}} ({{product}}) à l'emplacement {{location}} a mesuré {{value}} le {{time}} UTC, plage autorisée {{range}}.",
      ],
    },
    readerOffline: {
      subject: 'Le lecteur {{reader}} est hors ligne',
      paragraphs: [
        "Le lecteur fixe {{reader}} ({{serial}}) à l'emplacement {{location}} n'a envoyé aucun heartbeat depuis le {{time}} UTC.",
        "Vérifiez son alimentation et sa connexion réseau. Vous recevrez un autre message lorsqu'il sera de nouveau en ligne.",
      ],
    },
    readerOnline: {
      subject: 'Le lecteur {{reader}} est de nouveau en ligne',
      paragraphs: [
        "Le lecteur fixe {{reader}} ({{serial}}) à l'emplacement {{location}} envoie de nouveau des heartbeats depuis le {{time}} UTC.",
      ],
    },
  },
  hu: {
    sensorAlert: {
      subject: 'Riasztás: {{rule}}',
      paragraphs: [
        'Bekövetkezett a(z) {{rule}} esemény.',
        'A(z) {{sensor}} érzékelő ({{product}}) a(z) {{location}} helyszínen {{value}} értéket mért {{time}} UTC időpontban. Megengedett tartomány: {{range}}.',
        'A riasztás a Tagtrack-konzol „Legutóbbi aktív események” nézetében látható.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack-riasztás, {{rule}}: {{sensor}} ({{product}}), {{location}} helyszín, mért érték: {{value}}, {{time}} UTC, megengedett: {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'A(z) {{reader}} olvasó offline',
      paragraphs: [
        'A(z) {{reader}} ({{serial}}) fix olvasó a(z) {{location}} helyszínen {{time}} UTC óta nem küldött heartbeatet.',
        'Ellenőrizze a tápellátását és a hálózati kapcsolatát. Amikor ismét online lesz, újabb üzenetet kap.',
      ],
    },
    readerOnline: {
      subject: 'A(z) {{reader}} olvasó ismét online',
      paragraphs: [
        'A(z) {{reader}} ({{serial}}) fix olvasó a(z) {{location}} helyszínen {{time}} UTC óta ismét küld heartbeatet.',
      ],
    },
  },
  it: {
    sensorAlert: {
      subject: 'Allarme: {{rule}}',
      paragraphs: [
        "È stato generato l'evento {{rule}}.",
        'Il sensore {{sensor}} ({{product}}) presso {{location}} ha misurato {{value}} il {{time}} UTC. Intervallo consentito: {{range}}.',
        "L'allarme è elencato in «Ultimi eventi attivi» nella console Tagtrack.",
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Allarme Tagtrack {{rule}}: {{sensor}} ({{product}}) presso {{location}} ha misurato {{value}} il {{time}} UTC, consentito {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Il lettore {{reader}} è offline',
      paragraphs: [
        'Il lettore fisso {{reader}} ({{serial}}) presso {{location}} non invia heartbeat dal {{time}} UTC.',
        'Controlla la sua alimentazione e la connessione di rete. Riceverai un altro messaggio quando sarà di nuovo online.',
      ],
    },
    readerOnline: {
      subject: 'Il lettore {{reader}} è di nuovo online',
      paragraphs: [
        'Il lettore fisso {{reader}} ({{serial}}) presso {{location}} invia di nuovo heartbeat dal {{time}} UTC.',
      ],
    },
  },
  nl: {
    sensorAlert: {
      subject: 'Alarm: {{rule}}',
      paragraphs: [
        'De gebeurtenis {{rule}} is geactiveerd.',
        'Sensor {{sensor}} ({{product}}) op locatie {{location}} heeft op {{time}} UTC {{value}} gemeten. Toegestaan bereik: {{range}}.',
        'Het alarm staat onder "Laatste actieve gebeurtenissen" in de Tagtrack-console.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack-alarm {{rule}}: {{sensor}} ({{product}}) op locatie {{location}} mat {{value}} op {{time}} UTC, toegestaan {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Lezer {{reader}} is offline',
      paragraphs: [
        'De vaste lezer {{reader}} ({{serial}}) op locatie {{location}} heeft sinds {{time}} UTC geen heartbeat meer verzonden.',
        'Controleer de stroomvoorziening en de netwerkverbinding. U ontvangt een nieuw bericht zodra de lezer weer online is.',
      ],
    },
    readerOnline: {
      subject: 'Lezer {{reader}} is weer online',
      paragraphs: [
        'De vaste lezer {{reader}} ({{serial}}) op locatie {{location}} verzendt sinds {{time}} UTC weer heartbeats.',
      ],
    },
  },
  no: {
    sensorAlert: {
      subject: 'Varsel: {{rule}}',
      paragraphs: [
        'Hendelsen {{rule}} er utløst.',
        'Sensor {{sensor}} ({{product}}) på {{location}} målte {{value}} den {{time}} UTC. Tillatt område: {{range}}.',
        'Varselet vises under «Siste aktive hendelser» i Tagtrack-konsollen.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack-varsel {{rule}}: {{sensor}} ({{product}}) på {{location}} målte {{value}} den {{time}} UTC, tillatt {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Leser {{reader}} er frakoblet',
      paragraphs: [
        'Den faste leseren {{reader}} ({{serial}}) på {{location}} har ikke sendt heartbeat siden {{time}} UTC.',
        'Kontroller strømforsyningen og nettverkstilkoblingen. Du får en ny melding når den er tilkoblet igjen.',
      ],
    },
    readerOnline: {
      subject: 'Leser {{reader}} er tilkoblet igjen',
      paragraphs: [
        'Den faste leseren {{reader}} ({{serial}}) på {{location}} har sendt heartbeat igjen siden {{time}} UTC.',
      ],
    },
  },
  pl: {
    sensorAlert: {
      subject: 'Alarm: {{rule}}',
      paragraphs: [
        'Wystąpiło zdarzenie {{rule}}.',
        'Czujnik {{sensor}} ({{product}}) w lokalizacji {{location}} zmierzył {{value}} dnia {{time}} UTC. Dozwolony zakres: {{range}}.',
        'Alarm jest widoczny w sekcji „Najnowsze aktywne zdarzenia” w konsoli Tagtrack.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Alarm Tagtrack {{rule}}: czujnik {{sensor}} ({{product}}) w lokalizacji {{location}} zmierzył {{value}} dnia {{time}} UTC, dozwolone {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Czytnik {{reader}} jest offline',
      paragraphs: [
        'Czytnik stacjonarny {{reader}} ({{serial}}) w lokalizacji {{location}} nie wysłał sygnału heartbeat od {{time}} UTC.',
        'Sprawdź jego zasilanie i połączenie sieciowe. Gdy znów będzie online, otrzymasz kolejną wiadomość.',
      ],
    },
    readerOnline: {
      subject: 'Czytnik {{reader}} jest znów online',
      paragraphs: [
        'Czytnik stacjonarny {{reader}} ({{serial}}) w lokalizacji {{location}} od {{time}} UTC ponownie wysyła sygnały heartbeat.',
      ],
    },
  },
  sk: {
    sensorAlert: {
      subject: 'Výstraha: {{rule}}',
      paragraphs: [
        'Bola vyvolaná udalosť {{rule}}.',
        'Senzor {{sensor}} ({{product}}) v lokalite {{location}} nameral {{value}} o {{time}} UTC. Povolený rozsah: {{range}}.',
        'Výstraha je uvedená v prehľade „Najnovšie aktívne udalosti“ v konzole Tagtrack.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Výstraha Tagtrack {{rule}}: senzor {{sensor}} ({{product}}) v lokalite {{location}} nameral {{value}} o {{time}} UTC, povolené {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Čítačka {{reader}} je offline',
      paragraphs: [
        'Pevná čítačka {{reader}} ({{serial}}) v lokalite {{location}} od {{time}} UTC neposlala žiadny heartbeat.',
        'Skontrolujte jej napájanie a sieťové pripojenie. Keď bude opäť online, dostanete ďalšiu správu.',
      ],
    },
    readerOnline: {
      subject: 'Čítačka {{reader}} je opäť online',
      paragraphs: [
        'Pevná čítačka {{reader}} ({{serial}}) v lokalite {{location}} od {{time}} UTC opäť posiela heartbeat.',
      ],
    },
  },
  sv: {
    sensorAlert: {
      subject: 'Larm: {{rule}}',
      paragraphs: [
        'Händelsen {{rule}} har utlösts.',
        'Sensor {{sensor}} ({{product}}) på {{location}} mätte {{value}} den {{time}} UTC. Tillåtet intervall: {{range}}.',
        'Larmet visas under ”Senaste aktiva händelser” i Tagtrack-konsolen.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack-larm {{rule}}: {{sensor}} ({{product}}) på {{location}} mätte {{value}} den {{time}} UTC, tillåtet {{range}}.',
      ],
    },
    readerOffline: {
      subject: 'Läsare {{reader}} är offline',
      paragraphs: [
        'Den fasta läsaren {{reader}} ({{serial}}) på {{location}} har inte skickat någon heartbeat sedan {{time}} UTC.',
        'Kontrollera strömförsörjningen och nätverksanslutningen. Du får ett nytt meddelande när den är online igen.',
      ],
    },
    readerOnline: {
      subject: 'Läsare {{reader}} är online igen',
      paragraphs: [
        'Den fasta läsaren {{reader}} ({{serial}}) på {{location}} har skickat heartbeats igen sedan {{time}} UTC.',
      ],
    },
  },
  tr: {
    sensorAlert: {
      subject: 'Alarm: {{rule}}',
      paragraphs: [
        '{{rule}} olayı tetiklendi.',
        '{{location}} konumundaki {{sensor}} sensörü ({{product}}) {{time}} UTC tarihinde {{value}} ölçtü. İzin verilen aralık: {{range}}.',
        'Alarm, Tagtrack konsolundaki "Son Etkin Olaylar" ekranında listelenir.',
      ],
    },
    sensorAlertSms: {
      subject: '',
      paragraphs: [
        'Tagtrack alarmı {{rule}}: {{location}} konumundaki {{sensor}} ({{product}}) {{time}} UTC tarihinde {{value}} ölçtü, izin verilen {{range}}.',
      ],
    },
    readerOffline: {
      subject: '{{reader}} okuyucusu çevrimdışı',
      paragraphs: [
        '{{location}} konumundaki {{reader}} ({{serial}}) sabit okuyucusu {{time}} UTC tarihinden beri heartbeat göndermedi.',
        'Güç kaynağını ve ağ bağlantısını kontrol edin. Okuyucu yeniden çevrimiçi olduğunda başka bir mesaj alacaksınız.',
      ],
    },
    readerOnline: {
      subject: '{{reader}} okuyucusu yeniden çevrimiçi',
      paragraphs: [
        '{{location}} konumundaki {{reader}} ({{serial}}) sabit okuyucusu {{time}} UTC tarihinden beri yeniden heartbeat gönderiyor.',
      ],
    },
  },
};
