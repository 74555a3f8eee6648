/** One question and its answer, written once in English and once in Bengali. */
export interface BlogEntry {
  id: string;
  en: { question: string; answer: readonly string[] };
  bn: { question: string; answer: readonly string[] };
}

export const BLOG_ENTRIES: readonly BlogEntry[] = [
  {
    id: 'javascript-vs-node',
    en: {
      question: 'What is the difference between JavaScript and Node.js?',
      answer: [
        'JavaScript is a programming language. It started out running only inside web browsers, where it changes the page through the DOM and reacts to clicks, typing and other events.',
        'Node.js is not a new language. It is a runtime: a program built on Google Chrome’s V8 engine that runs JavaScript outside the browser, on a server or your own computer. Node has no DOM and no window object, but it adds modules the browser does not have, for reading and writing files (fs), running HTTP servers and making network calls (http, net) and starting other processes. Its event loop handles many connections at once without waiting on slow input and output.',
        'In short: JavaScript is the language, and Node.js is a platform for running that language on the server side.',
      ],
    },
    bn: {
      question: 'জাভাস্ক্রিপ্ট আর নোড.জেএস-এর মধ্যে পার্থক্য কী?',
      answer: [
        'জাভাস্ক্রিপ্ট একটি প্রোগ্রামিং ভাষা। শুরুতে এটি শুধু ওয়েব ব্রাউজারের ভেতরে চলত, যেখানে এটি DOM-এর মাধ্যমে ওয়েব পেজ বদলায় এবং ক্লিক, টাইপ করা বা অন্য ঘটনায় সাড়া দেয়।',
        'নোড.জেএস কোনো নতুন ভাষা নয়; এটি একটি রানটাইম, অর্থাৎ গুগল ক্রোমের V8 ইঞ্জিনের ওপর তৈরি এমন একটি প্রোগ্রাম, যা ব্রাউজারের বাইরে, সার্ভারে বা আপনার কম্পিউটারে জাভাস্ক্রিপ্ট চালায়। নোডে DOM বা window নেই, কিন্তু এতে এমন কিছু মডিউল আছে যা ব্রাউজারে নেই: ফাইল পড়া-লেখার জন্য fs, HTTP সার্ভার চালানো ও নেটওয়ার্কে যোগাযোগের জন্য http ও net, আর অন্য প্রসেস চালানোর ব্যবস্থা। এর ইভেন্ট লুপ ধীর ইনপুট-আউটপুটের জন্য বসে না থেকে একসাথে অনেক সংযোগ সামলাতে পারে।',
        'সংক্ষেপে: জাভাস্ক্রিপ্ট হলো ভাষা, আর নোড.জেএস হলো সেই ভাষা দিয়ে সার্ভার-সাইড প্রোগ্রাম চালানোর প্ল্যাটফর্ম।',
      ],
    },
  },
  {
    id: 'node-and-document-database',
    en: {
      question: 'When should you use Node.js, and when a document database such as MongoDB?',
      answer: [
        'Use Node.js when your application spends most of its time waiting on input and output: JSON and REST APIs, real-time apps such as chat and live notifications, and streaming. Because the event loop never blocks while a database or network call is in flight, one Node process can serve thousands of connections. It is a poor fit for CPU-heavy work such as video encoding or large calculations, unless that work is moved to worker threads or a separate service.',
        'Choose a document database when your data naturally takes the shape of JSON-like documents, each record is usually read and written as a whole, its structure changes often, or it has to grow by spreading across many servers (horizontal scaling). When the data is highly related across many tables and needs complex joins and strict multi-row transactions, as in accounting, a relational database is usually the better choice.',
        'The two are often used together, because JSON flows unchanged from the database through the Node server to the browser.',
      ],
    },
    bn: {
      question: 'কখন নোড.জেএস আর কখন মঙ্গোডিবির মতো ডকুমেন্ট ডেটাবেস ব্যবহার করবেন?',
      answer: [
        'নোড.জেএস ব্যবহার করুন যখন অ্যাপটি বেশিরভাগ সময় ইনপুট-আউটপুটের অপেক্ষায় থাকে: JSON বা REST API, চ্যাট ও লাইভ নোটিফিকেশনের মতো রিয়েল-টাইম অ্যাপ, কিংবা স্ট্রিমিং। ডেটাবেস বা নেটওয়ার্কের উত্তরের জন্য ইভেন্ট লুপ আটকে থাকে না, তাই একটি নোড প্রসেসই হাজারো সংযোগ সামলাতে পারে। তবে ভিডিও এনকোডিং বা বড় হিসাবের মতো সিপিইউ-নির্ভর কাজে এটি ভালো নয়, যদি না সেই কাজ worker thread বা আলাদা সার্ভিসে সরিয়ে দেওয়া হয়।',
        'ডকুমেন্ট ডেটাবেস বেছে নিন যখন ডেটা স্বাভাবিকভাবেই JSON-এর মতো ডকুমেন্ট আকারে থাকে, প্রতিটি রেকর্ড সাধারণত একসাথে পড়া ও লেখা হয়, ডেটার গঠন প্রায়ই বদলায়, অথবা অনেক সার্ভারে ছড়িয়ে দিয়ে (horizontal scaling) বড় হতে হয়। যেখানে অনেক টেবিলের ডেটা পরস্পর জড়িত, জটিল জয়েন আর একাধিক সারির কঠোর লেনদেন দরকার, যেমন হিসাবরক্ষণে, সেখানে রিলেশনাল ডেটাবেস সাধারণত ভালো পছন্দ।',
        'এই দুটো প্রায়ই একসাথে ব্যবহার হয়, কারণ JSON কোনো রূপান্তর ছাড়াই ডেটাবেস থেকে নোড সার্ভার হয়ে ব্রাউজারে পৌঁছায়।',
      ],
    },
  },
  {
    id: 'sql-vs-nosql',
    en: {
      question: 'What is the difference between SQL and NoSQL databases?',
      answer: [
        'SQL (relational) databases such as PostgreSQL, MySQL and SQLite store data in tables of rows and columns with a schema defined up front. Relationships between tables are expressed with foreign keys and combined with JOINs in the SQL language. They offer ACID transactions, so a group of changes either all succeed or none do, and they have traditionally grown by moving to a bigger server (vertical scaling).',
        'NoSQL covers several kinds of database: document stores (MongoDB), key-value stores (Redis), wide-column stores (Cassandra) and graph databases (Neo4j). Their schemas are flexible, so records in one collection can have different fields, and many were designed from the start to scale out across many servers (horizontal scaling). Each has its own query language or API, and some relax immediate consistency in exchange for speed and availability.',
        'Structured, closely related data with strict rules suits SQL; fast-changing, very large or simply shaped data often suits NoSQL.',
      ],
    },
    bn: {
      question: 'SQL আর NoSQL ডেটাবেসের মধ্যে পার্থক্য কী?',
      answer: [
        'SQL (রিলেশনাল) ডেটাবেস, যেমন PostgreSQL, MySQL বা SQLite, ডেটা রাখে সারি ও কলামের টেবিলে, যার গঠন (schema) আগে থেকেই ঠিক করা থাকে। টেবিলগুলোর সম্পর্ক foreign key দিয়ে বোঝানো হয় এবং SQL ভাষায় JOIN করে একসাথে পড়া যায়। এগুলো ACID লেনদেন দেয়, ফলে একগুচ্ছ পরিবর্তনের হয় সবগুলো সফল হয়, নয়তো একটিও হয় না। প্রচলিতভাবে এগুলো বড় সার্ভারে সরিয়ে (vertical scaling) বাড়ানো হয়।',
        'NoSQL বলতে কয়েক ধরনের ডেটাবেস বোঝায়: ডকুমেন্ট (MongoDB), কী-ভ্যালু (Redis), ওয়াইড-কলাম (Cassandra) এবং গ্রাফ (Neo4j)। এদের গঠন নমনীয়, তাই একই কালেকশনের রেকর্ডে ভিন্ন ভিন্ন ফিল্ড থাকতে পারে, এবং অনেকগুলো শুরু থেকেই বহু সার্ভারে ছড়িয়ে (horizontal scaling) বাড়ানোর জন্য তৈরি। প্রতিটির প্রশ্ন করার ভাষা বা API আলাদা, আর কিছু ডেটাবেস গতি ও প্রাপ্যতার বিনিময়ে তাৎক্ষণিক সামঞ্জস্য (consistency) কিছুটা ছাড় দেয়।',
        'সুসংগঠিত, ঘনিষ্ঠভাবে সম্পর্কিত ও কঠোর নিয়মের ডেটার জন্য SQL উপযুক্ত; দ্রুত বদলানো, বিশাল বা সরল কাঠামোর ডেটার জন্য প্রায়ই NoSQL ভালো।',
      ],
    },
  },
  {
    id: 'purpose-of-jwt',
    en: {
      question: 'What is the purpose of JWT?',
      answer: [
        'A JWT (JSON Web Token) is a compact, URL-safe token for passing claims between two parties in a way that can be checked. It has three parts separated by dots: a header (which algorithm signed it), a payload (claims such as the user’s id or email and an expiry time) and a signature.',
        'When a user logs in, the server signs a token with a secret key and hands it to the client. The client sends it with each request, usually in the Authorization header. By verifying the signature alone, the server knows who is calling and that nobody has altered the token, without looking up a session in the database on every request.',
        'The payload is only encoded, not encrypted, so never put secrets such as passwords in it, and keep tokens short-lived. In this app, the server issues an access token after you sign in, and it is sent along when you add a new item.',
      ],
    },
    bn: {
      question: 'JWT-এর উদ্দেশ্য কী?',
      answer: [
        'JWT (JSON Web Token) হলো দুই পক্ষের মধ্যে যাচাইযোগ্যভাবে তথ্য (claim) পাঠানোর একটি ছোট, URL-বান্ধব টোকেন। এর তিনটি অংশ বিন্দু (.) দিয়ে আলাদা থাকে: হেডার (কোন অ্যালগরিদমে সই করা হয়েছে), পেলোড (যেমন ব্যবহারকারীর আইডি বা ইমেইল এবং মেয়াদ শেষের সময়) আর সিগনেচার।',
        'ব্যবহারকারী লগইন করলে সার্ভার একটি গোপন কী দিয়ে টোকেনে সই করে ক্লায়েন্টকে দেয়। এরপর ক্লায়েন্ট প্রতিটি অনুরোধের সাথে টোকেনটি পাঠায়, সাধারণত Authorization হেডারে। শুধু সিগনেচার যাচাই করেই সার্ভার বুঝতে পারে অনুরোধটি কার এবং কেউ টোকেনটি বদলায়নি; প্রতিবার ডেটাবেসে সেশন খুঁজতে হয় না।',
        'মনে রাখবেন, পেলোড এনক্রিপ্ট করা নয়, শুধু এনকোড করা, তাই এতে পাসওয়ার্ডের মতো গোপন তথ্য রাখবেন না এবং টোকেনের মেয়াদ ছোট রাখুন। এই অ্যাপে লগইনের পর সার্ভার একটি অ্যাক্সেস টোকেন দেয়, যা নতুন পণ্য যোগ করার সময় পাঠানো হয়।',
      ],
    },
  },
];
