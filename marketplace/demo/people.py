"""Who is in the demo catalog: categories, instructors and learners (made-up people with Nigerian names)."""

from __future__ import annotations

from marketplace.demo.records import DemoCategory, DemoInstructor, DemoLearner

CATEGORIES: tuple[DemoCategory, ...] = (
    DemoCategory("Development", "code", ("#1d4ed8", "#06b6d4")),
    DemoCategory("Design", "pen-tool", ("#db2777", "#f59e0b")),
    DemoCategory("Marketing", "megaphone", ("#ea580c", "#facc15")),
    DemoCategory("Business", "briefcase", ("#047857", "#84cc16")),
    DemoCategory("Physics", "atom", ("#312e81", "#6366f1")),
    DemoCategory("Astrology", "moon-star", ("#4c1d95", "#ec4899")),
    DemoCategory("Art & Design", "palette", ("#be123c", "#fb923c")),
    DemoCategory("Data Science", "chart-bar", ("#0f766e", "#22d3ee")),
    DemoCategory("Photography", "camera", ("#334155", "#94a3b8")),
    DemoCategory("Music", "music", ("#7c2d12", "#f97316")),
)

DEMO_INSTRUCTOR_PASSWORD = "teacher123"
DEMO_LEARNER_PASSWORD = "learner123"

INSTRUCTORS: tuple[DemoInstructor, ...] = (
    DemoInstructor(
        first_name="Tunde",
        last_name="Adebayo",
        username="tunde",
        title="Senior Software Engineer",
        profession="Software Engineer",
        headline="Backend engineer at a Lagos fintech, teaching Python and the web",
        about=(
            "Tunde has spent eleven years building payment and lending systems for Nigerian fintechs, from Yaba "
            "start-ups to a bank with millions of customers. He teaches the way he mentors junior engineers: small "
            "working programs first, theory when you need it. Outside work he runs a weekend coding club in "
            "Surulere."
        ),
        expertise=("Python", "Django", "FastAPI", "PostgreSQL", "System design"),
        experience="11 years in software; led the payments team at a Lagos fintech; 4 years teaching online.",
        website="https://tundeadebayo.com.ng",
        handle="tundeadebayo",
        students_before=2_350,
    ),
    DemoInstructor(
        first_name="Chiamaka",
        last_name="Nwosu",
        username="chiamaka",
        title="Lead Product Designer",
        profession="Product Designer",
        headline="Designing apps Nigerians actually enjoy using",
        about=(
            "Chiamaka designs mobile banking and health apps used across West Africa. She believes good design "
            "starts with sitting beside real users in Onitsha market, not with Dribbble shots. Her courses walk you "
            "from research to a polished Figma prototype you can put in your portfolio."
        ),
        expertise=("Figma", "UX research", "Design systems", "Prototyping", "Accessibility"),
        experience="9 years in product design; previously design lead at a pan-African e-commerce company.",
        website="https://chiamakanwosu.design",
        handle="chiamakanwosu",
        students_before=1_870,
    ),
    DemoInstructor(
        first_name="Emeka",
        last_name="Eze",
        username="emeka",
        title="Growth Marketing Consultant",
        profession="Digital Marketer",
        headline="Helping Nigerian SMEs sell more online",
        about=(
            "Emeka has run ad campaigns for fashion brands in Aba, restaurants in Port Harcourt and tech start-ups "
            "in Lagos. He teaches practical, budget-aware marketing: what to post, what to spend, and how to tell "
            "whether it worked. Every lesson ends with something you can try on your own business the same day."
        ),
        expertise=("Social media marketing", "Meta ads", "Google Ads", "Copywriting", "Analytics"),
        experience="8 years in digital marketing; managed over NGN 400 million in ad spend for 120+ brands.",
        website="https://emekaeze.ng",
        handle="emekaezemarketing",
        students_before=3_120,
    ),
    DemoInstructor(
        first_name="Aisha",
        last_name="Bello",
        username="aisha",
        title="Chartered Accountant and Business Coach",
        profession="Business Coach",
        headline="Numbers, strategy and growth for small businesses",
        about=(
            "Aisha is a chartered accountant from Kano who left audit practice to help small business owners "
            "understand their numbers. She has coached traders, caterers and founders through bookkeeping, pricing "
            "and raising money. Her lessons are full of real Nigerian examples, from POS agents to poultry farms."
        ),
        expertise=("Bookkeeping", "Financial planning", "Pricing", "Business strategy", "Fundraising"),
        experience="12 years in finance; ICAN fellow; coached 600+ business owners.",
        website="https://aishabello.com.ng",
        handle="aishabellocoach",
        students_before=1_640,
    ),
    DemoInstructor(
        first_name="Olumide",
        last_name="Fashola",
        username="olumide",
        title="Senior Lecturer in Physics",
        profession="Physicist",
        headline="Physics explained with things you can see around you",
        about=(
            "Dr Olumide Fashola lectures physics at a federal university and has prepared thousands of students for "
            "WAEC, JAMB and first-year exams. He explains mechanics with danfo buses and electricity with NEPA "
            "bills, and every topic comes with worked problems. He holds a PhD in condensed matter physics."
        ),
        expertise=("Mechanics", "Electromagnetism", "Quantum physics", "Exam preparation"),
        experience="15 years lecturing; PhD in condensed matter physics; author of two secondary-school textbooks.",
        website="https://olumidefashola.com.ng",
        handle="drolumidephysics",
        students_before=4_200,
    ),
    DemoInstructor(
        first_name="Ngozi",
        last_name="Umeh",
        username="ngozi",
        title="Astrologer and Writer",
        profession="Astrologer",
        headline="Birth charts, transits and the stories the sky tells",
        about=(
            "Ngozi has read charts for more than ten years and writes a popular weekly horoscope column. She "
            "teaches astrology as a symbolic language and a tool for reflection, with a healthy respect for what it "
            "is and is not. Her students learn to read a chart step by step, without memorising cookbook lines."
        ),
        expertise=("Natal charts", "Transits", "Synastry", "Astrology history"),
        experience="10 years as a practising astrologer; weekly columnist since 2017.",
        website="https://ngoziumeh.com",
        handle="ngoziastro",
        students_before=980,
    ),
    DemoInstructor(
        first_name="Kelechi",
        last_name="Ibe",
        username="kelechi",
        title="Visual Artist",
        profession="Painter and Illustrator",
        headline="Painting, drawing and the art of seeing",
        about=(
            "Kelechi is a painter trained at the Yaba College of Technology whose work has shown in Lagos, Accra "
            "and London. He teaches drawing and painting from the ground up: how to see shapes, values and colour "
            "before worrying about style. His digital illustration course brings the same eye to the iPad."
        ),
        expertise=("Drawing", "Acrylic painting", "Digital illustration", "Colour theory"),
        experience="13 years as a working artist; five solo exhibitions; art teacher at a Lekki secondary school.",
        website="https://kelechiibe.art",
        handle="kelechiibeart",
        students_before=1_310,
    ),
    DemoInstructor(
        first_name="Funmilayo",
        last_name="Adeyemi",
        username="funmilayo",
        title="Data Scientist",
        profession="Data Scientist",
        headline="Turning messy data into decisions",
        about=(
            "Funmilayo builds credit-scoring and demand-forecasting models for a Lagos retail lender. She started "
            "in Excel as an analyst and moved to Python and SQL, so she knows exactly where beginners get stuck. "
            "Her courses use Nigerian datasets: fuel prices, school results, market sales."
        ),
        expertise=("Python", "SQL", "Machine learning", "Excel", "Power BI", "Statistics"),
        experience="8 years in analytics and data science; MSc in Statistics from the University of Ibadan.",
        website="https://funmilayoadeyemi.com",
        handle="funmidata",
        students_before=2_780,
    ),
    DemoInstructor(
        first_name="Ibrahim",
        last_name="Musa",
        username="ibrahim",
        title="Documentary and Portrait Photographer",
        profession="Photographer",
        headline="Telling Nigerian stories with a camera",
        about=(
            "Ibrahim has photographed weddings in Kaduna, durbar festivals in Katsina and campaigns for Lagos "
            "fashion labels. He teaches photography as a craft you can earn from: light, composition, editing and "
            "the business of getting paid. Many lessons are shot on a phone so everyone can follow."
        ),
        expertise=("Portrait photography", "Lighting", "Lightroom", "Smartphone photography", "Photo business"),
        experience="10 years as a professional photographer; work published in international magazines.",
        website="https://ibrahimmusaphoto.com",
        handle="ibrahimmusaphoto",
        students_before=1_520,
    ),
    DemoInstructor(
        first_name="Temitope",
        last_name="Ajayi",
        username="temitope",
        title="Music Producer and Pianist",
        profession="Music Producer",
        headline="Afrobeats production, piano and music theory",
        about=(
            "Temitope has produced songs for independent Afrobeats and gospel artists and played keys in church "
            "since he was twelve. He teaches music production in FL Studio and piano for worship and pop, always "
            "with the theory explained in plain words. His students have released songs on every major platform."
        ),
        expertise=("Afrobeats production", "FL Studio", "Piano", "Music theory", "Mixing"),
        experience="12 years making music; producer on 40+ released tracks.",
        website="https://temitopeajayi.com.ng",
        handle="temitopebeats",
        students_before=2_090,
    ),
    DemoInstructor(
        first_name="Zainab",
        last_name="Abubakar",
        username="zainab",
        title="Brand and Graphic Designer",
        profession="Graphic Designer",
        headline="Logos, brands and graphics that look like they cost more",
        about=(
            "Zainab runs a small branding studio in Abuja that has designed identities for restaurants, schools and "
            "start-ups. She teaches graphic design fundamentals, Canva for busy business owners and the complete "
            "brand identity process, including how to present work and price it."
        ),
        expertise=("Brand identity", "Typography", "Adobe Illustrator", "Canva", "Logo design"),
        experience="9 years in graphic design; founder of an Abuja branding studio.",
        website="https://zainababubakar.studio",
        handle="zainabdesigns",
        students_before=1_450,
    ),
    DemoInstructor(
        first_name="Segun",
        last_name="Ogunleye",
        username="segun",
        title="Cloud and DevOps Engineer",
        profession="DevOps Engineer",
        headline="Shipping software reliably, from laptop to cloud",
        about=(
            "Segun keeps the servers of a large Nigerian e-commerce platform running through Black Friday traffic. "
            "He teaches Linux, Docker, CI/CD and cloud fundamentals with real outages as examples, and he is honest "
            "about what matters for a first DevOps job and what can wait."
        ),
        expertise=("Linux", "Docker", "Kubernetes", "AWS", "CI/CD", "JavaScript"),
        experience="10 years in infrastructure; AWS certified; previously a systems administrator at a telecom.",
        website="https://segunogunleye.dev",
        handle="segundevops",
        students_before=1_980,
    ),
    DemoInstructor(
        first_name="Halima",
        last_name="Yusuf",
        username="halima",
        title="Content Strategist",
        profession="Content Marketer",
        headline="Content, email and personal brands that grow",
        about=(
            "Halima grew a food blog into a business with a quarter of a million followers, then helped other "
            "creators and companies do the same. She teaches content strategy, email marketing and building an "
            "audience on a small budget, with templates you can reuse."
        ),
        expertise=("Content strategy", "Email marketing", "Personal branding", "SEO"),
        experience="7 years as a creator and content strategist; runs a newsletter with 40,000 readers.",
        website="https://halimayusuf.ng",
        handle="halimawrites",
        students_before=2_460,
    ),
)

# The demo learner comes first; the README gives her login.
LEARNERS: tuple[DemoLearner, ...] = (
    DemoLearner("Ada", "Okafor", "ada", "Aspiring data analyst in Enugu"),
    DemoLearner("Bola", "Adewale", "bola", "Student at UNILAG"),
    DemoLearner("Chinedu", "Obi", "chinedu", "Junior developer, Port Harcourt"),
    DemoLearner("Damilola", "Ogundipe", "damilola", "Small business owner"),
    DemoLearner("Efosa", "Igbinedion", "efosa", "Graphic design enthusiast from Benin City"),
    DemoLearner("Fatima", "Sani", "fatima", "Medical student who loves physics"),
    DemoLearner("Gbenga", "Oladipo", "gbenga", "Accountant learning to code"),
    DemoLearner("Hauwa", "Garba", "hauwa", "Photographer in training, Kaduna"),
    DemoLearner("Ifeoma", "Chukwu", "ifeoma", "Marketing executive in Lagos"),
    DemoLearner("Jide", "Akinola", "jide", "Bedroom music producer"),
    DemoLearner("Kemi", "Oyelaran", "kemi", "Fashion entrepreneur"),
    DemoLearner("Musa", "Danladi", "musa", "Secondary school teacher in Jos"),
)

DEMO_LEARNER = LEARNERS[0]
