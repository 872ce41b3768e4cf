"""What each demo course's page tells a visitor deciding to buy: subtitle, language, what you'll learn,
requirements and who the course is for (docs/product.md, "Course page"), keyed by the course's title."""

from __future__ import annotations

from marketplace.demo.records import DemoCoursePage as P

COURSE_PAGES: dict[str, P] = {
    # ---- Development and Data Science ----------------------------------------------------------------------------
    "Python Programming for Absolute Beginners": P(
        subtitle="Write real programs from day one: a budget tracker, a JAMB score calculator and a quiz game",
        learn=(
            "Install Python and VS Code and run your first program on Windows or Mac",
            "Store and change data with variables, strings, numbers, lists and dictionaries",
            "Make decisions and repeat work with if statements and for and while loops",
            "Organise your code into functions and handle errors with try and except",
            "Read and write files to save a monthly budget between runs",
            "Find and fix bugs with print debugging and the VS Code debugger",
        ),
        requirements=(
            "A laptop or desktop computer (Windows, Mac or Linux); a phone is not enough for the projects",
            "No programming experience: we start from the very first line",
        ),
        audience=(
            "Complete beginners who want to learn to code",
            "Students and graduates preparing for a tech career",
            "Office workers who want to automate boring spreadsheet tasks",
        ),
    ),
    "Build Web APIs with FastAPI and PostgreSQL": P(
        subtitle="Design, test and deploy a school fees payment API the way professional teams do",
        learn=(
            "Build REST endpoints with FastAPI and validate every request with Pydantic models",
            "Model students and fees in PostgreSQL with SQLModel and evolve the schema with Alembic",
            "Hash passwords, issue JWT logins and protect routes with dependencies",
            "Add pagination, filtering and clean error responses that front-end developers love",
            "Test the whole API with pytest and deploy it to a Linux server",
        ),
        requirements=(
            "Comfortable with Python basics: functions, classes and dictionaries",
            "A computer that can run Python 3.11 and PostgreSQL (free to install)",
        ),
        audience=(
            "Python developers moving into back-end web development",
            "Front-end developers who want to build their own APIs",
        ),
    ),
    "Django for Professionals: Build a Marketplace": P(
        subtitle="Custom users, Paystack payments, background jobs and Docker deployment in one real project",
        learn=(
            "Structure a large Django project with a custom user model from day one",
            "Accept card payments with Paystack and verify them safely with webhooks",
            "Run background jobs with Celery and Redis for receipts and reports",
            "Speed up pages with caching and PostgreSQL full-text search",
            "Deploy with Docker and Nginx, with a security checklist before launch",
        ),
        requirements=(
            "You have built at least one small Django app (the official tutorial is enough)",
            "Basic command line skills and Git",
            "Docker Desktop installed, or willingness to install it in lesson 20",
        ),
        audience=(
            "Junior Django developers ready for production-grade work",
            "Freelancers who build online shops for clients",
        ),
    ),
    "JavaScript Essentials: From Zero to Interactive Websites": P(
        subtitle="Make web pages respond to clicks, forms and data with modern JavaScript",
        learn=(
            "Write modern JavaScript: variables, functions, arrays, objects and arrow functions",
            "Change a page with the DOM: add, remove and update elements on a click",
            "Validate forms before they are sent and show helpful error messages",
            "Fetch live data from an API with fetch, async and await",
            "Build a to-do list and a currency converter you can show employers",
        ),
        requirements=(
            "Basic HTML and CSS (you can build a simple page)",
            "A computer with a modern browser such as Chrome or Firefox",
        ),
        audience=(
            "Beginners who know HTML and CSS and want to add interactivity",
            "Aspiring front-end developers preparing for React",
        ),
    ),
    "HTML and CSS: Build Your First Responsive Website": P(
        subtitle="Build and publish a business website that looks great on phones and laptops",
        learn=(
            "Structure pages with semantic HTML that search engines and screen readers understand",
            "Style text, colours and spacing with CSS and reusable classes",
            "Lay out pages with Flexbox and CSS Grid",
            "Make every page responsive with media queries, phone first",
            "Publish your site for free on GitHub Pages or Netlify",
        ),
        requirements=(
            "A computer with internet access; no coding experience needed",
            "A free code editor such as VS Code (installation is shown)",
        ),
        audience=(
            "Complete beginners curious about web design",
            "Small business owners who want to build their own website",
            "Students starting a path to front-end development",
        ),
    ),
    "React for Beginners: Build a Shopping App": P(
        subtitle="Components, state and hooks explained through a complete shopping cart app",
        learn=(
            "Think in components and pass data with props",
            "Manage state with useState and side effects with useEffect",
            "Load products from an API and show loading and error states",
            "Build a shopping cart with context and local storage",
            "Add pages with React Router and deploy the finished app",
        ),
        requirements=(
            "JavaScript basics: functions, arrays, objects and fetch",
            "Node.js installed on your computer (we show how)",
        ),
        audience=(
            "JavaScript developers taking their first step into React",
            "Bootcamp students who want a portfolio project",
        ),
    ),
    "Linux Command Line for Developers": P(
        subtitle="Stop fearing the terminal: navigate, automate and manage servers with confidence",
        learn=(
            "Move around the file system and manage files with confidence",
            "Understand users, permissions and sudo without breaking anything",
            "Search text and logs with grep, pipes and redirection",
            "Write small Bash scripts to automate repetitive work",
            "Connect to remote servers with SSH keys and manage running services",
        ),
        requirements=(
            "A computer running Linux, macOS, or Windows with WSL (setup shown)",
            "No prior command line experience",
        ),
        audience=(
            "Developers who deploy to Linux servers",
            "Students preparing for DevOps and cloud roles",
        ),
    ),
    "Docker and Kubernetes: Deploy Real Applications": P(
        subtitle="Package any app into containers and run it reliably on a Kubernetes cluster",
        learn=(
            "Write efficient Dockerfiles and build small, secure images",
            "Run multi-container apps locally with Docker Compose",
            "Deploy to Kubernetes with Deployments, Services and Ingress",
            "Manage configuration and secrets without hard-coding them",
            "Roll out updates with zero downtime and roll back when things go wrong",
        ),
        requirements=(
            "Comfortable on the Linux command line",
            "You have built a web app in any language",
            "A computer with at least 8 GB of RAM for a local cluster",
        ),
        audience=(
            "Back-end developers who want to own their deployments",
            "System administrators moving into DevOps",
        ),
    ),
    "AWS Cloud Practitioner Exam Prep": P(
        subtitle="Everything on the CLF-C02 exam, with practice questions and exam-day strategy",
        learn=(
            "Explain the core AWS services: EC2, S3, RDS, Lambda and VPC",
            "Understand the shared responsibility model and AWS security basics",
            "Read AWS pricing and estimate a monthly bill before you build",
            "Answer exam-style questions with confidence under time pressure",
        ),
        requirements=(
            "No cloud experience needed; basic computer literacy is enough",
            "A free AWS account for the hands-on demos (a debit card is needed to sign up)",
        ),
        audience=(
            "Anyone preparing for the AWS Certified Cloud Practitioner exam",
            "Sales, finance and project staff who work with cloud teams",
        ),
    ),
    "Git and GitHub: Work Like a Professional Team": P(
        subtitle="Branches, pull requests and clean history, the way real teams ship code",
        learn=(
            "Track changes with commits you and your teammates can understand",
            "Work on features in branches and merge them without fear",
            "Resolve merge conflicts calmly, step by step",
            "Review code with pull requests on GitHub",
            "Undo mistakes safely with revert, reset and the reflog",
        ),
        requirements=(
            "You have written some code in any language",
            "A free GitHub account",
        ),
        audience=(
            "Self-taught developers about to join their first team",
            "Students who want a GitHub profile employers take seriously",
        ),
    ),
    "Python for Data Analysis with Pandas": P(
        subtitle="Clean, analyse and chart real Nigerian business data with Pandas",
        learn=(
            "Load data from CSV and Excel files into Pandas DataFrames",
            "Clean messy data: missing values, wrong types and duplicates",
            "Group, pivot and merge tables to answer business questions",
            "Work with dates to find monthly and seasonal trends",
            "Chart your findings with Matplotlib and share them in a report",
        ),
        requirements=(
            "Python basics: variables, lists, loops and functions",
            "A computer that can run Jupyter notebooks (free, setup shown)",
        ),
        audience=(
            "Excel users ready for bigger data",
            "Aspiring data analysts building a portfolio",
        ),
    ),
    "Excel for Business Analysis: Formulas to Dashboards": P(
        subtitle="From VLOOKUP to PivotTables and dashboards your manager will actually use",
        learn=(
            "Use the formulas analysts rely on: XLOOKUP, SUMIFS, IF and INDEX MATCH",
            "Clean and shape data with Power Query instead of copying and pasting",
            "Summarise thousands of rows with PivotTables in seconds",
            "Build an interactive sales dashboard with charts and slicers",
        ),
        requirements=(
            "Microsoft Excel 2016 or later, or Microsoft 365",
            "Basic familiarity with opening and saving spreadsheets",
        ),
        audience=(
            "Accountants, sales and operations staff who live in spreadsheets",
            "Job seekers who want a practical skill for their CV",
        ),
    ),
    "SQL for Data Analysts": P(
        subtitle="Answer business questions straight from the database, from SELECT to window functions",
        learn=(
            "Query tables with SELECT, WHERE, ORDER BY and LIMIT",
            "Combine tables with inner and left joins",
            "Summarise data with GROUP BY, HAVING and aggregate functions",
            "Use window functions for running totals, rankings and retention",
            "Analyse customer retention with a real case study",
        ),
        requirements=(
            "No SQL experience needed",
            "A computer where you can install PostgreSQL or use a free online editor",
        ),
        audience=(
            "Aspiring data analysts",
            "Marketers and product managers tired of waiting for reports",
        ),
    ),
    "Machine Learning with Python: From Regression to Random Forests": P(
        subtitle="Build, evaluate and explain real prediction models with scikit-learn",
        learn=(
            "Frame a business problem as a machine learning task",
            "Prepare features and split data correctly for honest results",
            "Train linear and logistic regression, decision trees and random forests",
            "Evaluate models with the right metric and avoid overfitting",
            "Explain a model's predictions to people who are not data scientists",
        ),
        requirements=(
            "Confident with Python and Pandas",
            "Secondary school maths: averages, graphs and basic algebra",
        ),
        audience=(
            "Data analysts moving into data science",
            "Developers curious about how machine learning really works",
        ),
    ),
    "Power BI Dashboards for Nigerian Businesses": P(
        subtitle="Turn sales, stock and expense data into dashboards that guide decisions",
        learn=(
            "Import and clean data from Excel, CSV and databases with Power Query",
            "Model related tables so totals are always right",
            "Write DAX measures for sales growth, margins and targets",
            "Design clear dashboards and share them with your team",
        ),
        requirements=(
            "A Windows computer for Power BI Desktop (free)",
            "Basic Excel skills",
        ),
        audience=(
            "Business owners and managers who want to see their numbers clearly",
            "Excel analysts adding Power BI to their CV",
        ),
    ),
    # ---- Business and Marketing ----------------------------------------------------------------------------------
    "Bookkeeping for Small Business Owners": P(
        subtitle="Know where every naira goes, with a notebook, a spreadsheet or a free app",
        language="Hausa",
        learn=(
            "Record sales, expenses and debts the same simple way every day",
            "Separate business money from personal money",
            "Work out your real profit at the end of each month",
            "Keep records that a bank or tax office will accept",
        ),
        requirements=(
            "Basic reading and arithmetic; no accounting background needed",
            "A notebook, or a phone or computer with a spreadsheet app",
        ),
        audience=(
            "Traders, caterers, salon owners and online sellers",
            "Anyone starting a small business who wants to keep it healthy",
        ),
    ),
    "How to Price Your Products and Services": P(
        subtitle="Charge what you are worth and still sell, even when inflation keeps moving",
        learn=(
            "Calculate your true costs, including the ones most owners forget",
            "Choose between cost-based, value-based and competitive pricing",
            "Raise prices without losing your best customers",
            "Adjust your prices for inflation and exchange-rate changes",
        ),
        requirements=(
            "You sell, or plan to sell, a product or service",
            "Basic arithmetic and a calculator or spreadsheet",
        ),
        audience=(
            "Small business owners and freelancers",
            "Artisans and makers who are unsure what to charge",
        ),
    ),
    "Writing a Business Plan Investors Will Read": P(
        subtitle="A proven template for bank loans, grants and investors, with funded Nigerian examples",
        learn=(
            "Describe your business, market and customers in plain, convincing words",
            "Size your market with numbers you can defend",
            "Build three-year financial projections from simple assumptions",
            "Tailor your plan to a bank, a grant programme or an investor",
            "Present your plan in a short pitch deck",
        ),
        requirements=(
            "A business idea or an existing business",
            "Microsoft Word or Google Docs, and a spreadsheet",
        ),
        audience=(
            "Founders applying for loans, grants or investment",
            "Entrepreneurs preparing for programmes such as the Tony Elumelu Foundation",
        ),
    ),
    "Personal Finance: Budgeting, Saving and Investing in Nigeria": P(
        subtitle="Protect your money from inflation with a budget, an emergency fund and sound investments",
        learn=(
            "Build a monthly budget you can actually keep",
            "Create an emergency fund and get out of expensive debt",
            "Understand treasury bills, money market funds and Nigerian stocks",
            "Spot Ponzi schemes and investments that promise too much",
            "Plan for big goals such as rent, school fees and retirement",
        ),
        requirements=(
            "No finance knowledge needed",
            "Your own income and expense figures for the exercises (kept private)",
        ),
        audience=(
            "Young professionals earning their first salaries",
            "Families who want their savings to keep their value",
        ),
    ),
    "Social Media Marketing for Small Businesses": P(
        subtitle="Grow on Instagram, Facebook, TikTok and WhatsApp without a big budget",
        language="Nigerian Pidgin",
        learn=(
            "Plan a month of posts your customers want to see",
            "Take good product photos and short videos with your phone",
            "Use WhatsApp Business catalogues and status to sell",
            "Turn followers into paying customers with clear calls to action",
            "Read your insights to know what is working",
        ),
        requirements=(
            "A smartphone with Instagram, Facebook or WhatsApp Business",
            "A business or product to promote",
        ),
        audience=(
            "Small business owners who sell online",
            "Social media managers starting out",
        ),
    ),
    "Facebook and Instagram Ads That Convert": P(
        subtitle="Stop boosting posts: run Meta ads that bring real sales",
        learn=(
            "Set up Meta Business Manager, ad accounts and the Pixel correctly",
            "Target the right audiences, including lookalikes and retargeting",
            "Write ad copy and design creatives that get clicks",
            "Read cost per result and return on ad spend, and cut what does not work",
        ),
        requirements=(
            "A Facebook page or Instagram business account",
            "A small test budget (from about NGN 5,000)",
        ),
        audience=(
            "Business owners who boost posts with little result",
            "Freelance marketers who want to manage ads for clients",
        ),
    ),
    "Google Ads and SEO: Get Found Online": P(
        subtitle="Free traffic from search and paying customers from Google Ads",
        learn=(
            "Find the keywords your customers really type",
            "Improve your website's pages so Google ranks them higher",
            "Set up Google Business Profile for local search and Maps",
            "Create search campaigns that bring leads at a cost you control",
            "Track results with Google Analytics",
        ),
        requirements=(
            "A website you can edit, or a plan to build one",
            "A Google account",
        ),
        audience=(
            "Business owners who want customers to find them on Google",
            "Website owners and bloggers",
        ),
    ),
    "Copywriting: Words That Sell": P(
        subtitle="Headlines, product descriptions and posts that make people act",
        learn=(
            "Write headlines that stop the scroll",
            "Use proven formulas such as AIDA and problem-agitate-solve",
            "Describe products by the benefits customers care about",
            "Edit your writing until it is short, clear and persuasive",
        ),
        requirements=(
            "Good everyday English",
            "No marketing experience needed",
        ),
        audience=(
            "Business owners who write their own adverts",
            "Aspiring copywriters and content writers",
        ),
    ),
    "Email Marketing: Build a List and Keep It Warm": P(
        subtitle="Grow a list you own and send emails people open and act on",
        learn=(
            "Attract real subscribers with a simple lead magnet",
            "Choose and set up an email tool such as Mailchimp or MailerLite",
            "Write newsletters with subject lines people open",
            "Build automated welcome and sales sequences",
        ),
        requirements=(
            "A business, blog or personal brand to promote",
            "A free account with an email marketing tool",
        ),
        audience=(
            "Online sellers and coaches",
            "Marketers who want a channel they do not rent from social media",
        ),
    ),
    "Build a Personal Brand on LinkedIn and X": P(
        subtitle="Become known for what you do best, and turn attention into opportunities",
        learn=(
            "Write a profile and headline that show what you do and for whom",
            "Find your topics and post consistently without burning out",
            "Grow a network of people who can hire, refer or partner with you",
            "Turn your audience into job offers, clients and speaking invitations",
        ),
        requirements=(
            "A LinkedIn or X account",
            "Something you know and enjoy talking about",
        ),
        audience=(
            "Professionals looking for their next role",
            "Freelancers and consultants who need a steady flow of clients",
        ),
    ),
    # ---- Design, Art, Photography and Music ----------------------------------------------------------------------
    "UI/UX Design Fundamentals with Figma": P(
        subtitle="Design clean, usable app and web screens in Figma from a blank canvas",
        learn=(
            "Find your way around Figma: frames, layers, components and auto layout",
            "Apply layout, typography and colour principles to real screens",
            "Design a complete mobile banking app flow",
            "Turn designs into clickable prototypes and test them",
            "Hand off designs developers can build exactly",
        ),
        requirements=(
            "A computer and a free Figma account",
            "No design experience needed",
        ),
        audience=(
            "Beginners who want to become product designers",
            "Developers who want their apps to look better",
            "Graphic designers moving into digital products",
        ),
    ),
    "UX Research: Talking to Real Users": P(
        subtitle="Plan interviews and usability tests that change what your team builds",
        learn=(
            "Write research questions that lead to useful answers",
            "Recruit participants on a small budget",
            "Run interviews and usability tests without leading people",
            "Turn notes into clear findings and recommendations",
        ),
        requirements=(
            "Basic understanding of how apps and websites are designed",
            "No research background needed",
        ),
        audience=(
            "Product designers and product managers",
            "Founders who want to understand their customers",
        ),
    ),
    "Mobile App Design: From Sketch to Prototype": P(
        subtitle="Design iOS and Android apps that feel natural in people's hands",
        learn=(
            "Sketch ideas quickly before opening any design tool",
            "Follow iOS and Material Design patterns for navigation and controls",
            "Design for small screens, slow networks and one-handed use",
            "Build a realistic prototype with transitions in Figma",
        ),
        requirements=(
            "Figma basics (our UI/UX Fundamentals course is enough)",
            "A smartphone to preview your designs",
        ),
        audience=(
            "UI designers focusing on mobile",
            "Founders planning their first app",
        ),
    ),
    "Logo Design and Brand Identity": P(
        subtitle="Create logos and brand systems that clients remember and pay for",
        learn=(
            "Research a client's business before sketching a single idea",
            "Sketch, refine and vectorise logo concepts",
            "Choose brand colours and typefaces that work together",
            "Present concepts and a brand guide that clients approve",
        ),
        requirements=(
            "Adobe Illustrator, Affinity Designer or the free Inkscape",
            "Basic familiarity with a design tool",
        ),
        audience=(
            "Graphic designers who want to specialise in branding",
            "Entrepreneurs designing their own brand",
        ),
    ),
    "Graphic Design Basics: Typography, Colour and Layout": P(
        subtitle="The principles behind every good flyer, poster and social media design",
        learn=(
            "Pair typefaces and set text that is easy to read",
            "Choose colour palettes with purpose and good contrast",
            "Arrange layouts with hierarchy, alignment and white space",
            "Critique and improve your own designs",
        ),
        requirements=(
            "Any design tool you like: Canva, Photoshop or Affinity",
            "No experience needed",
        ),
        audience=(
            "Beginners starting in graphic design",
            "Marketers and business owners who design their own flyers",
        ),
    ),
    "Canva for Business Owners": P(
        subtitle="Professional flyers, posts and presentations without hiring a designer",
        learn=(
            "Set up a brand kit with your logo, colours and fonts",
            "Design social media posts and flyers from templates",
            "Create simple videos and animated posts for Instagram and WhatsApp",
            "Make presentations and price lists that look professional",
        ),
        requirements=(
            "A free Canva account on a phone or computer",
            "Your logo and brand colours, if you have them (we make simple ones if not)",
        ),
        audience=(
            "Small business owners who make their own marketing materials",
            "Church, school and community volunteers",
        ),
    ),
    "Drawing for Beginners: Learn to See": P(
        subtitle="Train your eye and hand with simple exercises, one sketch at a time",
        learn=(
            "Draw what you see, not what you think you see",
            "Use basic shapes to build any object",
            "Show light and shadow with simple shading",
            "Draw in perspective and sketch people and faces",
        ),
        requirements=(
            "Pencils (HB and 2B), an eraser and plain paper",
            "No talent required, just practice",
        ),
        audience=(
            "Adults who always wanted to learn to draw",
            "Teenagers preparing for art classes",
        ),
    ),
    "Acrylic Painting: Nigerian Landscapes and Markets": P(
        subtitle="Paint the colour and movement of Nigerian scenes in acrylics",
        language="Yoruba",
        learn=(
            "Choose and care for acrylic paints, brushes and canvases",
            "Mix vibrant colours and skin tones",
            "Paint skies, savannah and coastal landscapes in layers",
            "Capture busy market scenes with figures and stalls",
        ),
        requirements=(
            "A basic acrylic paint set, brushes and canvas boards (a shopping list is provided)",
            "Basic drawing skills help but are not required",
        ),
        audience=(
            "Beginner and hobby painters",
            "Artists who want to paint Nigerian life",
        ),
    ),
    "Digital Illustration with Procreate": P(
        subtitle="Draw, colour and finish illustrations on your iPad",
        learn=(
            "Set up Procreate brushes, layers and canvases",
            "Ink clean line art and colour it with blending modes",
            "Add light, shadow and texture to your illustrations",
            "Export work for print and social media",
        ),
        requirements=(
            "An iPad with an Apple Pencil and Procreate installed",
            "Basic drawing practice helps",
        ),
        audience=(
            "Traditional artists moving to digital",
            "Aspiring illustrators and comic artists",
        ),
    ),
    "Smartphone Photography: Pro Photos with Your Phone": P(
        subtitle="Take sharp, well-lit photos for your business and your memories with any phone",
        learn=(
            "Use your phone camera's pro settings: focus, exposure and HDR",
            "Compose photos with the rule of thirds and leading lines",
            "Use window light and cheap reflectors for products and portraits",
            "Edit photos on your phone with Snapseed and Lightroom Mobile",
        ),
        requirements=(
            "Any smartphone with a camera",
            "The free Snapseed or Lightroom Mobile app for the editing lessons",
        ),
        audience=(
            "Online sellers who photograph their products",
            "Anyone who wants better photos without buying a camera",
        ),
    ),
    "Portrait Photography and Lighting": P(
        subtitle="Flattering portraits with natural light, flash and studio setups",
        learn=(
            "Choose lenses and settings for sharp, flattering portraits",
            "Use natural light outdoors and by a window",
            "Set up one- and two-light studio portraits",
            "Pose and direct people so they look relaxed",
            "Photograph all skin tones beautifully",
        ),
        requirements=(
            "A camera with manual mode (DSLR or mirrorless)",
            "Basic knowledge of aperture, shutter speed and ISO",
        ),
        audience=(
            "Hobby photographers ready to photograph people",
            "New professionals building a portrait business",
        ),
    ),
    "Photo Editing in Lightroom": P(
        subtitle="A fast, consistent editing workflow from import to export",
        learn=(
            "Organise your photos with catalogues, collections and keywords",
            "Correct exposure, colour and white balance",
            "Retouch skin and remove distractions",
            "Create presets for a consistent style",
        ),
        requirements=(
            "Adobe Lightroom Classic or Lightroom (a trial is fine)",
            "Your own photos to practise on (sample files are provided too)",
        ),
        audience=(
            "Photographers who spend too long editing",
            "Content creators who want a signature look",
        ),
    ),
    "The Business of Photography: Weddings, Events and Clients": P(
        subtitle="Turn your photography into a business with steady bookings and fair prices",
        learn=(
            "Price wedding and event packages that pay your bills",
            "Write contracts that protect you and your clients",
            "Find clients through referrals, Instagram and vendors",
            "Deliver photos on time and get great reviews",
        ),
        requirements=(
            "You can already take good photos",
            "A portfolio of at least a few shoots",
        ),
        audience=(
            "Photographers starting to charge for their work",
            "Part-time photographers ready to go full time",
        ),
    ),
    "Afrobeats Production in FL Studio": P(
        subtitle="Make log drums, percussion and melodies that sound like the charts",
        learn=(
            "Program Afrobeats drum and percussion patterns",
            "Write chord progressions and melodies that suit the genre",
            "Arrange a full song from intro to outro",
            "Mix your beat so it sounds loud and clear on phones",
        ),
        requirements=(
            "FL Studio (the trial works for learning)",
            "Headphones; a MIDI keyboard helps but is not required",
        ),
        audience=(
            "Beginner producers who love Afrobeats and Amapiano",
            "Artists who want to make their own beats",
        ),
    ),
    "Piano for Beginners: Chords, Worship and Pop": P(
        subtitle="Play the chords behind worship songs and pop hits in weeks, not years",
        learn=(
            "Find your way around the keyboard and play with good posture",
            "Play major and minor chords in every key",
            "Accompany worship songs and pop hits by ear",
            "Read simple chord charts and play in a band",
        ),
        requirements=(
            "A keyboard or piano (61 keys is enough)",
            "No music reading needed",
        ),
        audience=(
            "Church musicians and choir members",
            "Adults who always wanted to play",
        ),
    ),
    "Music Theory Without Tears": P(
        subtitle="Scales, chords and rhythm explained simply for any instrument",
        learn=(
            "Read notes and rhythms on the staff",
            "Build scales and understand keys",
            "Build chords and see why progressions work",
            "Use theory to write and learn songs faster",
        ),
        requirements=(
            "Access to any instrument, or a free piano app",
            "No ability to read music yet: we start from the first note",
        ),
        audience=(
            "Self-taught musicians filling the gaps",
            "Singers and producers who want to talk with other musicians",
        ),
    ),
    # ---- Physics and Astrology -----------------------------------------------------------------------------------
    "Physics for WAEC and JAMB: Mechanics": P(
        subtitle="Every mechanics topic of the syllabus, with worked past questions",
        learn=(
            "Solve motion problems with the equations of motion and graphs",
            "Apply Newton's laws to forces, friction and pulleys",
            "Work with energy, work, power and momentum",
            "Answer WAEC and JAMB past questions quickly and accurately",
        ),
        requirements=(
            "Secondary school mathematics up to SS2",
            "A scientific calculator",
        ),
        audience=(
            "SS2 and SS3 students preparing for WAEC, NECO and JAMB",
            "Teachers looking for clear explanations to share",
        ),
    ),
    "Electricity and Magnetism Explained": P(
        subtitle="From static charge to transformers, understand the power in your home",
        learn=(
            "Understand charge, electric fields and potential",
            "Analyse circuits with Ohm's law and Kirchhoff's rules",
            "Explain magnetism, electromagnetic induction and generators",
            "Understand how the grid and transformers deliver power",
        ),
        requirements=(
            "Secondary school physics and algebra",
            "A scientific calculator",
        ),
        audience=(
            "Senior secondary and first-year university students",
            "Technicians who want the theory behind their work",
        ),
    ),
    "Introduction to Quantum Physics": P(
        subtitle="The experiments that broke classical physics and the mathematics that replaced it",
        learn=(
            "Explain the photoelectric effect and wave-particle duality",
            "Work with wavefunctions and probability",
            "Solve the Schrodinger equation for simple systems",
            "Understand the uncertainty principle and quantum tunnelling",
        ),
        requirements=(
            "Basic calculus: derivatives and integrals",
            "Secondary school physics",
        ),
        audience=(
            "University students in physics, chemistry and engineering",
            "Curious learners who want the real story behind quantum physics",
        ),
    ),
    "Solar Power Basics: Panels, Batteries and Inverters": P(
        subtitle="Size and plan a solar system for a home or shop, and avoid expensive mistakes",
        language="Hausa",
        learn=(
            "Understand how solar panels, charge controllers, batteries and inverters work together",
            "Work out your daily energy needs from your appliances",
            "Size panels, batteries and an inverter for a home or shop",
            "Choose between lead-acid and lithium batteries",
            "Spot poor installations and unsafe wiring",
        ),
        requirements=(
            "Basic arithmetic",
            "No electrical experience needed",
        ),
        audience=(
            "Home and shop owners tired of generator costs",
            "Technicians starting in solar installation",
        ),
    ),
    "Astrology Foundations: Signs, Planets and Houses": P(
        subtitle="The language of astrology from the ground up, for curious beginners",
        learn=(
            "Describe the twelve signs and their elements and modes",
            "Understand what each planet represents",
            "Read the twelve houses and the areas of life they cover",
            "Combine signs, planets and houses into simple interpretations",
        ),
        requirements=(
            "Curiosity and an open mind; no experience needed",
            "Your birth date, time and place, to follow along with your own chart",
        ),
        audience=(
            "Beginners curious about astrology",
            "Readers of horoscopes who want to go deeper",
        ),
    ),
    "Reading Your Birth Chart Step by Step": P(
        subtitle="A clear method for reading any natal chart with confidence",
        learn=(
            "Calculate a birth chart with free software",
            "Weigh signs, houses and aspects in a fixed order",
            "Find the main themes of a chart",
            "Practise on example charts until the method feels natural",
        ),
        requirements=(
            "Astrology basics: signs, planets and houses",
            "Your birth date, time and place",
        ),
        audience=(
            "Students who finished an astrology foundations course",
            "Hobby astrologers who want a structured method",
        ),
    ),
    "Transits and Progressions: Timing in Astrology": P(
        subtitle="Move from who you are to when things happen",
        learn=(
            "Track transits of the outer planets",
            "Calculate and read secondary progressions",
            "Interpret a solar return chart",
            "Reflect on life cycles such as the Saturn return",
        ),
        requirements=(
            "Comfortable reading a natal chart (our Birth Chart course is enough)",
            "Free chart software such as Astro.com, set up in the first lesson",
        ),
        audience=(
            "Intermediate astrology students",
            "Astrologers who want to add timing techniques",
        ),
    ),
}
