"""Demo courses in Development and Data Science. Prices are whole naira."""

from __future__ import annotations

from marketplace.demo.records import DemoCourse as C

TECH_COURSES: tuple[C, ...] = (
    C(
        title="Python Programming for Absolute Beginners",
        instructor="tunde",
        categories=("Development",),
        price=12_500,
        original_price=20_000,
        level="Beginner",
        hours=14,
        description=(
            "Learn to program from scratch with Python, the friendliest first language. You will write small, "
            "useful programs from the first day: a naira budget tracker, a JAMB score calculator and a simple quiz "
            "game. No prior experience needed, just a laptop and curiosity."
        ),
        lessons=(
            "Welcome: how this course works | Installing Python and VS Code on Windows and Mac | Your first "
            "program: hello, Lagos | Variables and data types | Working with text: strings and f-strings | Numbers "
            "and maths in Python | Making decisions with if, elif and else | Loops: for and while | Lists and "
            "tuples | Dictionaries: storing related data | Writing your own functions | Handling errors with try "
            "and except | Reading and writing files | Modules and the standard library | Project: a monthly budget "
            "tracker | Project: a JAMB score calculator | Debugging like a professional | Where to go next"
        ),
    ),
    C(
        title="Build Web APIs with FastAPI and PostgreSQL",
        instructor="tunde",
        categories=("Development",),
        price=35_000,
        original_price=None,
        level="Intermediate",
        hours=16,
        description=(
            "Design and build a production-ready REST API for a school fees payment service. You will model data in "
            "PostgreSQL, validate requests with Pydantic, add authentication and write tests that give you the "
            "confidence to deploy."
        ),
        lessons=(
            "What we are building and why FastAPI | Project setup with virtual environments | Your first endpoint | "
            "Path and query parameters | Request bodies and Pydantic models | Connecting to PostgreSQL with "
            "SQLModel | Database migrations with Alembic | CRUD endpoints for students and fees | Password hashing "
            "and JWT login | Protecting routes with dependencies | Pagination, filtering and sorting | Handling "
            "errors cleanly | Background tasks and sending receipts | Testing the API with pytest | Deploying to a "
            "Linux server | Monitoring and logging in production"
        ),
    ),
    C(
        title="Django for Professionals: Build a Marketplace",
        instructor="tunde",
        categories=("Development",),
        price=45_000,
        original_price=60_000,
        level="Advanced",
        hours=22,
        description=(
            "Build a complete online marketplace in Django, the way teams at real companies do it. The course "
            "covers custom users, payments with Paystack, background jobs, caching and deployment, with a strong "
            "focus on code that stays maintainable as the project grows."
        ),
        lessons=(
            "Course overview and the finished marketplace | Project structure for large Django apps | A custom user "
            "model from day one | Settings for development and production | Products, categories and images | "
            "Class-based views without the confusion | Forms and validation | Search with PostgreSQL full-text | "
            "Shopping cart in the session | Checkout and orders | Accepting payments with Paystack | Verifying "
            "payments with webhooks | Sending email receipts | Background jobs with Celery and Redis | Caching "
            "pages and queries | Permissions and seller dashboards | Writing tests that matter | Security checklist "
            "before launch | Static and media files in production | Deploying with Docker and Nginx | Performance "
            "profiling | Wrapping up and next steps"
        ),
    ),
    C(
        title="JavaScript Essentials: From Zero to Interactive Websites",
        instructor="segun",
        categories=("Development",),
        price=9_500,
        original_price=None,
        level="Beginner",
        hours=10,
        description=(
            "Make web pages come alive with JavaScript. Starting from variables and functions, you will build a "
            "currency converter, a to-do list and a quiz app that run in any browser, and understand how the DOM "
            "and events really work."
        ),
        lessons=(
            "Why JavaScript and how the browser runs it | Setting up your editor and browser tools | Variables, let "
            "and const | Strings, numbers and booleans | Arrays and array methods | Objects and JSON | Functions "
            "and arrow functions | Conditionals and loops | Selecting and changing the DOM | Events: clicks, forms "
            "and keys | Project: naira to dollar converter | Fetching data from an API | Async and await | Project: "
            "a quiz app"
        ),
    ),
    C(
        title="HTML and CSS: Build Your First Responsive Website",
        instructor="tunde",
        categories=("Development", "Design"),
        price=6_500,
        original_price=9_000,
        level="Beginner",
        hours=8,
        description=(
            "Build and publish a beautiful, mobile-friendly website for a small business, step by step. You will "
            "learn semantic HTML, modern CSS with Flexbox and Grid, and how to make pages look great on the phones "
            "most of your visitors use."
        ),
        lessons=(
            "What makes a website | Your first HTML page | Headings, paragraphs and links | Images and media | "
            "Semantic HTML for accessibility | CSS basics: selectors and colours | The box model | Layouts with "
            "Flexbox | Layouts with CSS Grid | Responsive design and media queries | Project: a restaurant website "
            "| Publishing your site for free"
        ),
    ),
    C(
        title="React for Beginners: Build a Shopping App",
        instructor="tunde",
        categories=("Development",),
        price=28_000,
        original_price=38_000,
        level="Intermediate",
        hours=13,
        description=(
            "Learn React by building a small shopping app with a product list, a cart and a checkout page. You will "
            "understand components, props, state and effects, and learn to structure a React project that other "
            "developers can read."
        ),
        lessons=(
            "What React solves | Create a project with Vite | Components and JSX | Props: passing data down | State "
            "with useState | Rendering lists and keys | Handling forms | Side effects with useEffect | Fetching "
            "products from an API | A cart with useReducer | Sharing state with context | Routing between pages | "
            "Styling options compared | Building and deploying the app"
        ),
    ),
    C(
        title="Linux Command Line for Developers",
        instructor="segun",
        categories=("Development",),
        price=7_500,
        original_price=None,
        level="Beginner",
        hours=6,
        description=(
            "Stop being afraid of the terminal. This course teaches the Linux commands developers use every day, "
            "from moving around files to managing processes and writing small shell scripts that save you hours."
        ),
        lessons=(
            "Why every developer needs the terminal | Navigating the file system | Creating, moving and deleting "
            "files | Viewing and searching text with grep | Permissions and ownership | Processes and signals | "
            "Package managers: apt and friends | SSH into a remote server | Your first shell script | Automating "
            "backups with cron"
        ),
    ),
    C(
        title="Docker and Kubernetes: Deploy Real Applications",
        instructor="segun",
        categories=("Development",),
        price=55_000,
        original_price=75_000,
        level="Advanced",
        hours=18,
        description=(
            "Package, ship and run applications the way modern engineering teams do. You will containerise a web "
            "app and its database, then run it on Kubernetes with health checks, rolling updates, secrets and "
            "autoscaling."
        ),
        lessons=(
            "The problem containers solve | Installing Docker | Images and containers | Writing a good Dockerfile | "
            "Multi-stage builds for small images | Volumes and persistent data | Networking between containers | "
            "Docker Compose for local development | Pushing images to a registry | Kubernetes architecture in plain "
            "words | Pods, deployments and services | ConfigMaps and secrets | Health checks and probes | Rolling "
            "updates and rollbacks | Ingress and TLS certificates | Autoscaling under load | Logs and monitoring | "
            "Helm charts | CI/CD pipeline to Kubernetes | Final project: deploy the full stack"
        ),
    ),
    C(
        title="AWS Cloud Practitioner Exam Prep",
        instructor="segun",
        categories=("Development", "Business"),
        price=38_000,
        original_price=None,
        level="Intermediate",
        hours=12,
        description=(
            "Prepare for the AWS Certified Cloud Practitioner exam with clear explanations and practice questions. "
            "Ideal for developers, analysts and managers who want to understand the cloud and earn a certificate "
            "employers recognise."
        ),
        lessons=(
            "About the exam and how to prepare | What cloud computing really is | AWS global infrastructure | "
            "Identity and access management | Compute: EC2, Lambda and containers | Storage: S3, EBS and Glacier | "
            "Databases on AWS | Networking and VPC basics | Security and the shared responsibility model | "
            "Monitoring with CloudWatch | Pricing, billing and support plans | The Well-Architected Framework | "
            "Practice exam one | Practice exam two | Exam day tips"
        ),
    ),
    C(
        title="Git and GitHub: Work Like a Professional Team",
        instructor="segun",
        categories=("Development",),
        price=4_500,
        original_price=None,
        level="Beginner",
        hours=4,
        description=(
            "Learn the version control workflow every software team expects you to know. Commit with confidence, "
            "branch without fear and collaborate through pull requests on GitHub."
        ),
        lessons=(
            "Why version control matters | Installing and configuring Git | Commits and history | Branches and "
            "merging | Resolving merge conflicts | GitHub, remotes and pull requests | Code review etiquette | "
            "Undoing mistakes safely"
        ),
    ),
    C(
        title="Python for Data Analysis with Pandas",
        instructor="funmilayo",
        categories=("Data Science", "Development"),
        price=22_000,
        original_price=30_000,
        level="Intermediate",
        hours=15,
        description=(
            "Clean, analyse and visualise real data with Python, pandas and Matplotlib. You will work with Nigerian "
            "datasets such as fuel prices, WAEC results and market sales, and finish with a polished analysis you "
            "can show employers."
        ),
        lessons=(
            "Tools for the course: Jupyter and Anaconda | Python refresher for analysts | NumPy arrays | pandas "
            "Series and DataFrames | Loading CSV and Excel files | Selecting and filtering rows | Cleaning messy "
            "data | Handling missing values | Grouping and aggregating | Merging and joining tables | Working with "
            "dates and times | Charts with Matplotlib | Better charts with Seaborn | Case study: petrol prices by "
            "state | Case study: WAEC results over ten years | Presenting your findings | Building your portfolio"
        ),
    ),
    C(
        title="Excel for Business Analysis: Formulas to Dashboards",
        instructor="funmilayo",
        categories=("Data Science", "Business"),
        price=8_500,
        original_price=None,
        level="Beginner",
        hours=9,
        description=(
            "Become the Excel person in your office. From essential formulas to PivotTables and dashboards, this "
            "course uses sales and inventory examples from Nigerian businesses so every skill is immediately "
            "useful."
        ),
        lessons=(
            "Getting comfortable with the Excel interface | Entering and formatting data | Essential formulas: SUM, "
            "AVERAGE, COUNT | Relative and absolute references | IF, AND and OR | XLOOKUP and VLOOKUP | Text and "
            "date functions | Sorting, filtering and tables | PivotTables | Charts that tell a story | Conditional "
            "formatting | Building a sales dashboard | Protecting and sharing workbooks"
        ),
    ),
    C(
        title="SQL for Data Analysts",
        instructor="funmilayo",
        categories=("Data Science",),
        price=15_000,
        original_price=None,
        level="Beginner",
        hours=10,
        description=(
            "Ask questions of your data directly with SQL. You will query a retail database of customers, orders "
            "and products, and learn the joins, aggregations and window functions analysts use every day."
        ),
        lessons=(
            "Why analysts need SQL | Setting up PostgreSQL and a sample database | SELECT and WHERE | Sorting and "
            "limiting results | Aggregates and GROUP BY | Filtering groups with HAVING | Inner and outer joins | "
            "Subqueries | Common table expressions | Window functions for rankings | Dates and time series | Case "
            "study: customer retention | Case study: best-selling products | Writing readable SQL"
        ),
    ),
    C(
        title="Machine Learning with Python: From Regression to Random Forests",
        instructor="funmilayo",
        categories=("Data Science",),
        price=65_000,
        original_price=85_000,
        level="Advanced",
        hours=24,
        description=(
            "A thorough, practical course in machine learning with scikit-learn. You will build models that predict "
            "house prices in Lagos, classify loan defaults and segment customers, and learn to evaluate them "
            "honestly before they meet real users."
        ),
        lessons=(
            "What machine learning can and cannot do | The machine learning workflow | Exploring the data | Feature "
            "engineering | Train, validation and test splits | Linear regression | Regularisation: ridge and lasso "
            "| Logistic regression | Evaluating classifiers: precision and recall | Decision trees | Random forests "
            "| Gradient boosting | Handling imbalanced data | Cross-validation and tuning | Pipelines in "
            "scikit-learn | Clustering customers with k-means | Dimensionality reduction with PCA | Neural "
            "networks: an introduction | Project: Lagos house prices | Project: loan default prediction | "
            "Explaining models to stakeholders | Fairness and bias | Deploying a model as an API | Course summary"
        ),
    ),
    C(
        title="Power BI Dashboards for Nigerian Businesses",
        instructor="funmilayo",
        categories=("Data Science", "Business"),
        price=18_000,
        original_price=None,
        level="Intermediate",
        hours=8,
        description=(
            "Turn spreadsheets into interactive dashboards managers love. Connect data, model it, write DAX "
            "measures and publish reports your team can open on any device."
        ),
        lessons=(
            "What Power BI is for | Installing Power BI Desktop | Importing data from Excel and CSV | Cleaning data "
            "in Power Query | Relationships and data models | Your first visuals | DAX measures explained | Time "
            "intelligence | Slicers and filters | Designing a clear dashboard | Publishing and sharing | Project: a "
            "supermarket sales dashboard"
        ),
    ),
)
